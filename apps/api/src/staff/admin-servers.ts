/** The staff servers list; the panel is asked only about rows shown (decisions/085-staff-servers-list.md). */
import type { AdminServer, AllServersAnswer } from '@falkenhost/contracts/admin';
import { sql } from 'kysely';
import { powerStateOf } from '../panel/power-states';
import type { AppContext } from '../platform/context';

const PARALLEL = 8;
const PANEL_WAIT_MS = 2_500;
/** Matches a search reads before it counts them apart (docs/performance.md "Staff lists"). */
const SEARCH_PROBE = 1_000;

/** The power states of `servers` by identifier, as many as the panel answers within PANEL_WAIT_MS. */
async function panelStates(
  ctx: AppContext,
  servers: { uuid: string; identifier: string }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const work = (async () => {
    for (let i = 0; i < servers.length; i += PARALLEL) {
      const slice = servers.slice(i, i + PARALLEL);
      const answers = await Promise.all(slice.map((server) => powerStateOf(ctx, server)));
      slice.forEach((server, k) => {
        const state = answers[k];
        if (state) found.set(server.identifier, state);
      });
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, PANEL_WAIT_MS)))]);
  clearTimeout(timer);
  return found;
}

/**
 * One page of the list, newest first: suspension from our database, power state from the panel's Client API.
 * @param query search (case-sensitive substring of name or uuid; empty for all), page (1-based), pageSize
 */
export async function listAllServers(
  ctx: AppContext,
  query: { search: string; page: number; pageSize: number },
): Promise<AllServersAnswer> {
  const contains = ctx.dialect === 'postgres' ? 'strpos' : 'instr';
  // Servers only, newest first by primary key: the owner's name is read for the page's rows afterwards, so
  // neither the page nor the count joins 100 000 users (docs/performance.md "Staff lists").
  let base = ctx.db.selectFrom('user_packages as up').where('up.status', 'not in', ['failed', 'deleted']);
  if (query.search !== '') {
    base = base.where((eb) =>
      eb.or([
        eb(sql`${sql.raw(contains)}(up.name, ${query.search})`, '>', 0),
        // A server without a uuid yet gives null here, which the OR treats as no match.
        eb(sql`${sql.raw(contains)}(up.ptero_server_uuid, ${query.search})`, '>', 0),
      ]),
    );
  }
  const columns = [
    'up.id',
    'up.name',
    'up.ptero_server_uuid',
    'up.ptero_identifier',
    'up.status',
    'up.user_id',
    'up.grace_until',
  ] as const;
  const offset = (query.page - 1) * query.pageSize;
  // A search first reads at most SEARCH_PROBE matching ids, newest first: when that is all of them, they
  // give the total and the page in one scan instead of two (a search that matches few reads every row).
  const probe =
    query.search === ''
      ? null
      : await base
          .select('up.id')
          .orderBy('up.id', 'desc')
          .limit(SEARCH_PROBE + 1)
          .execute();
  const byIds = (ids: number[]) =>
    ctx.db
      .selectFrom('user_packages as up')
      .select(columns)
      .where('up.id', 'in', ids)
      .orderBy('up.id', 'desc')
      .execute();
  let rows: Awaited<ReturnType<typeof byIds>>;
  let total: number;
  if (probe !== null && probe.length <= SEARCH_PROBE) {
    total = probe.length;
    const ids = probe.slice(offset, offset + query.pageSize).map((r) => r.id);
    rows = ids.length === 0 ? [] : await byIds(ids);
  } else {
    const [page, count] = await Promise.all([
      base.select(columns).orderBy('up.id', 'desc').limit(query.pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    rows = page;
    total = Number(count.n);
  }
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const owners = new Map(
    userIds.length === 0
      ? []
      : (
          await ctx.db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute()
        ).map((u) => [u.id, u.username] as const),
  );
  const running = rows.flatMap((r) =>
    (r.status === 'paid' || r.status === 'cancelled') && r.ptero_identifier && r.ptero_server_uuid
      ? [{ uuid: r.ptero_server_uuid, identifier: r.ptero_identifier }]
      : [],
  );
  const live = await panelStates(ctx, running);
  const servers: AdminServer[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    uuid: r.ptero_server_uuid,
    identifier: r.ptero_identifier,
    status: (r.ptero_identifier && live.get(r.ptero_identifier)) || ownStatus(r.status),
    suspended: r.status === 'suspended',
    owner: owners.get(r.user_id) ?? '',
    graceUntil: r.status === 'paid' && r.grace_until !== null ? new Date(r.grace_until).toISOString() : null,
  }));
  return {
    servers,
    total,
    page: query.page,
    pageSize: query.pageSize,
    panelUrl: ctx.config.panel.panelUrl,
  };
}

/** What a row shows when the panel did not tell its power state. */
function ownStatus(status: string): string {
  if (status === 'provisioning') return 'installing';
  if (status === 'paid' || status === 'cancelled') return 'unknown';
  return status;
}
