/**
 * The overview's figures of servers now (docs/decisions/312-staff-overview.md): running servers by
 * billing type and game, suspended servers and MRR, each read from a covering index of user_packages.
 */
import type { OverviewAnswer } from '@falkenhost/contracts/overview';
import { sql } from 'kysely';
import type { AppContext } from '../platform/context';

/** Servers that run: paid, or cancelled and running to the end of their paid period. */
const RUNNING = ['paid', 'cancelled'];

/** Servers counted by one of the groups the reads answer. */
interface Group {
  package_id?: number;
  billing_type?: string;
  status: string;
  n: number | string;
}

/** MRR in cents: now, and at `start` (epoch ms). */
interface Mrr {
  now: number;
  atStart: number;
}

/** The MRR sums over monthly servers' rows, in cents: every column they read is in the partial index. */
function mrrSums(start: number) {
  const notBefore = (column: 'cancelled_at' | 'suspended_at' | 'deleted_at') =>
    sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} >= ${start})`;
  return {
    now: sql<number>`coalesce(sum(case when status = 'paid' then monthly_amount_cents else 0 end), 0)`,
    atStart: sql<number>`coalesce(sum(case when created_at < ${start} and status <> 'failed' and ${notBefore('cancelled_at')} and ${notBefore('suspended_at')} and ${notBefore('deleted_at')} then monthly_amount_cents else 0 end), 0)`,
  };
}

/**
 * Each count in the order of an index it covers (no sort; no rows on SQLite, and on PostgreSQL none of
 * the pages vacuum has marked all-visible): by status and billing type (user_packages_billing_due), by
 * package and status (user_packages_package); MRR from the monthly servers' covering index
 * (user_packages_monthly_mrr). Measured against one hashed scan on PostgreSQL: 35-57 ms against 70 ms.
 */
async function readByIndexes(
  ctx: AppContext,
  start: number,
): Promise<{ types: Group[]; packages: Group[]; mrr: Mrr }> {
  const sums = mrrSums(start);
  const [types, packages, mrr] = await Promise.all([
    ctx.db
      .selectFrom('user_packages')
      .select(['status', 'billing_type', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['status', 'billing_type'])
      .execute(),
    ctx.db
      .selectFrom('user_packages')
      .select(['package_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['package_id', 'status'])
      .execute(),
    ctx.db
      .selectFrom('user_packages')
      .select([sums.now.as('now'), sums.atStart.as('at_start')])
      .where('billing_type', '=', 'monthly')
      .executeTakeFirstOrThrow(),
  ]);
  return { types, packages, mrr: { now: Number(mrr.now), atStart: Number(mrr.at_start) } };
}

/**
 * Servers now: running ones (paid, or cancelled within their paid period) by billing type and by game,
 * suspended ones, those in grace after a failed renewal, and MRR in cents: the monthly card price (`monthly_amount_cents`) of running monthly
 * servers now, and of those paid for before `start` that had not been cancelled, suspended or deleted by
 * then.
 * @param start the period's start, epoch ms
 */
export async function serverFigures(
  ctx: AppContext,
  start: number,
): Promise<Pick<OverviewAnswer, 'mrr' | 'suspendedNow' | 'graceNow' | 'activeServers'>> {
  const { types, packages, mrr } = await readByIndexes(ctx, start);
  // The few servers in grace, from their partial index (migration 0020).
  const grace = await ctx.db
    .selectFrom('user_packages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('grace_until', 'is not', null)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  const running = packages.filter((p) => RUNNING.includes(p.status) && p.package_id !== undefined);
  const games = await ctx.db
    .selectFrom('packages as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select(['p.id as packageId', 'g.id as gameId', 'g.name'])
    .where('p.id', 'in', [...new Set(running.map((p) => p.package_id as number)), 0])
    .execute();
  const gameOf = new Map(games.map((g) => [g.packageId, g]));
  const byGame = new Map<number, { gameId: number; game: string; count: number }>();
  for (const p of running) {
    const game = gameOf.get(p.package_id as number);
    if (!game) continue;
    const entry = byGame.get(game.gameId) ?? { gameId: game.gameId, game: game.name, count: 0 };
    entry.count += Number(p.n);
    byGame.set(game.gameId, entry);
  }
  const count = (where: (t: Group) => boolean) =>
    types.filter(where).reduce((sum, t) => sum + Number(t.n), 0);
  return {
    mrr,
    suspendedNow: count((t) => t.status === 'suspended'),
    graceNow: Number(grace.n),
    activeServers: {
      byBillingType: {
        hourly: count((t) => RUNNING.includes(t.status) && t.billing_type === 'hourly'),
        monthly: count((t) => RUNNING.includes(t.status) && t.billing_type === 'monthly'),
      },
      byGame: [...byGame.values()].sort((x, y) => x.game.localeCompare(y.game)),
    },
  };
}
