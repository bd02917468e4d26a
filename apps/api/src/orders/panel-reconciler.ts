/**
 * The panel reconciler (issue 28 point 7; docs/decisions/152-panel-reconciler.md): compares the servers
 * customers pay for (user_packages paid, suspended or cancelled) with the panel's servers, matched by our
 * `external_id`, and repairs what drifted:
 * - a paid server the panel no longer has is made again (same external id, a new node claim); when no
 *   node has room, it is closed and refunded: an hourly one its prepaid hour in credits, a monthly one
 *   the unused share of its month through Mollie;
 * - a build that differs from package plus add-ons, a suspension that differs from ours, and an owner
 *   that is not the customer's panel user are set back to ours;
 * - a panel server with our external id and another uuid than we recorded is taken as ours when the
 *   customer's panel user owns it (a repair that crashed before recording it), else reported;
 * - a panel server with our external id and no server row that should have one is reported, never
 *   deleted.
 * Every repair and report is written to the audit log (entity `server`). The panel's list is read in
 * pages of 100; a server is read again on its own only before it is repaired (the list may be older than
 * our rows), and at most `MAX_REPAIRS` repairs are made per run, so one run stays well inside the
 * panel's request budget. Run at start-up and every `PANEL_RECONCILE_INTERVAL_MS` by the jobs.
 */

import { hourlyUnits, proRataUnits } from '@falkenhost/contracts/money';
import { isNoCapacityError } from '@falkenhost/pterodactyl/errors';
import type { Server } from '@falkenhost/pterodactyl/types';
import type { Transaction } from 'kysely';
import { formatInvoiceAmount as formatEur } from '../billing/invoice-format';
import { applyLedgerEntry } from '../billing/ledger';
import { refundPayment } from '../integrations/mollie';
import { completeAllocationClaims, releaseAllocationClaims } from '../panel/allocation-claims';
import { parseVariables } from '../panel/egg-variables';
import {
  buildMatches,
  claimPlacement,
  confirmPanelUser,
  createPanelServer,
  currentBuild,
  pushBuild,
  readPlacement,
  type ServerBuild,
  serverBuild,
} from '../panel/panel';
import { serverExternalId } from '../panel/panel-ownership';
import { recordSystemAudit } from '../platform/audit';
import type { AppContext } from '../platform/context';
import type { Database } from '../platform/db/schema';
import { renderNoticeMail } from '../platform/mail/templates';
import { queueMail } from '../platform/outbox';
import { creditsText } from '../servers/hourly-billing';
import { CHANGE_STALE_MS } from '../servers/server-changes';
import { periodEnd } from './card-orders';
import { syncSubscription } from './subscriptions';

/** How often the jobs run the reconciler (wall-clock time, whatever the demo clock does). */
export const PANEL_RECONCILE_INTERVAL_MS = 10 * 60_000;
/** Repairs made per run at most; the rest waits for the next run. */
export const MAX_REPAIRS = 20;

/** Server rows that should have a panel server. */
const LIVE = ['paid', 'suspended', 'cancelled'];
/** Rows whose panel server is being made or deleted by another part of the product. */
const IN_FLIGHT = ['provisioning', 'deleting'];
const OUR_EXTERNAL_ID = /^falkenhost-server-(\d+)$/;

export interface PanelReconcileResult {
  /** panel servers carrying our external id */
  panelServers: number;
  /** live server rows compared */
  checked: number;
  /** panel servers made again */
  recreated: number;
  /** hourly servers closed and refunded for want of room */
  refunded: number;
  /** builds, suspensions, owners and recorded uuids set back */
  repaired: number;
  /** reported to staff (stray panel servers, monthly servers that cannot be made again) */
  reported: number;
  /** repairs that failed (retried next run) */
  failed: number;
}

interface LiveRow {
  id: number;
  user_id: number;
  status: string;
  billing_type: string;
  name: string;
  package_id: number;
  egg_id: number;
  nest_id: number;
  location_id: number;
  ptero_server_id: number | null;
  ptero_server_uuid: string | null;
  billed_until: number | null;
  credits_monthly: number;
  changing_since: number | null;
}

/**
 * One run of the reconciler.
 * @param options.maxRepairs repairs per run (default MAX_REPAIRS)
 * @returns what it found and did
 * @throws PterodactylError when the panel's server list cannot be read (nothing is changed)
 */
export async function reconcilePanel(
  ctx: AppContext,
  options: { maxRepairs?: number } = {},
): Promise<PanelReconcileResult> {
  const result: PanelReconcileResult = {
    panelServers: 0,
    checked: 0,
    recreated: 0,
    refunded: 0,
    repaired: 0,
    reported: 0,
    failed: 0,
  };
  // The panel first, our rows after: a row made after the list was read is then not taken as missing
  // without the fresh look `repairServer` takes.
  const listed = new Map<number, Server>();
  for (const server of await ctx.pterodactyl.listServers()) {
    const match = OUR_EXTERNAL_ID.exec(server.external_id ?? '');
    if (match) listed.set(Number(match[1]), server);
  }
  result.panelServers = listed.size;
  const rows = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select([
      'up.id',
      'up.user_id',
      'up.status',
      'up.billing_type',
      'up.name',
      'up.package_id',
      'up.egg_id',
      'up.nest_id',
      'up.location_id',
      'up.ptero_server_id',
      'up.ptero_server_uuid',
      'up.billed_until',
      'up.credits_monthly',
      'up.changing_since',
      'u.ptero_user_id',
    ])
    .where('up.status', 'in', [...LIVE, ...IN_FLIGHT])
    .execute();
  const builds = await wantedBuilds(
    ctx,
    rows.filter((r) => LIVE.includes(r.status)),
  );
  let budget = options.maxRepairs ?? MAX_REPAIRS;
  const known = new Set<number>();
  for (const row of rows) {
    known.add(row.id);
    if (!LIVE.includes(row.status) || row.ptero_server_uuid === null) continue;
    result.checked += 1;
    const panel = listed.get(row.id);
    const build = builds.get(row.id);
    if (
      panel &&
      build &&
      panel.uuid === row.ptero_server_uuid &&
      panel.user === row.ptero_user_id &&
      panel.suspended === (row.status === 'suspended') &&
      buildMatches(panel, build)
    )
      continue;
    if (budget <= 0) continue;
    budget -= 1;
    try {
      const outcome = await repairServer(ctx, row);
      if (outcome === 'recreated') result.recreated += 1;
      else if (outcome === 'refunded') result.refunded += 1;
      else if (outcome === 'repaired') result.repaired += 1;
      else if (outcome === 'reported') result.reported += 1;
    } catch (error) {
      result.failed += 1;
      ctx.log.warn(
        { err: error, userPackageId: row.id },
        'repairing a panel server failed; retried next run',
      );
    }
  }
  for (const [userPackageId, server] of listed) {
    if (known.has(userPackageId)) continue;
    if (await reportStray(ctx, userPackageId, server)) result.reported += 1;
  }
  return result;
}

/** Package plus add-ons of each row, read in two queries. */
async function wantedBuilds(ctx: AppContext, rows: LiveRow[]): Promise<Map<number, ServerBuild>> {
  const builds = new Map<number, ServerBuild>();
  if (rows.length === 0) return builds;
  const packages = new Map(
    (await ctx.db.selectFrom('packages').selectAll().execute()).map((p) => [p.id, p] as const),
  );
  const addons = new Map<number, Array<{ type: string; quantity: number }>>();
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((r) => r.id);
    const found = await ctx.db
      .selectFrom('user_package_addons as upa')
      .innerJoin('addons as a', 'a.id', 'upa.addon_id')
      .select(['upa.user_package_id', 'a.type', 'a.quantity'])
      .where('upa.user_package_id', 'in', ids)
      .execute();
    for (const a of found) addons.set(a.user_package_id, [...(addons.get(a.user_package_id) ?? []), a]);
  }
  for (const row of rows) {
    const pkg = packages.get(row.package_id);
    if (pkg) builds.set(row.id, serverBuild(pkg, addons.get(row.id) ?? []));
  }
  return builds;
}

type Outcome = 'recreated' | 'refunded' | 'repaired' | 'reported' | 'unchanged';

/**
 * Repairs one server under its change lock (no add-on or package change runs meanwhile), after reading
 * our row and the panel's server again.
 */
async function repairServer(ctx: AppContext, listedRow: LiveRow): Promise<Outcome> {
  const t = ctx.now();
  const locked = await ctx.db
    .updateTable('user_packages')
    .set({ changing_since: t })
    .where('id', '=', listedRow.id)
    .where((eb) => eb.or([eb('changing_since', 'is', null), eb('changing_since', '<', t - CHANGE_STALE_MS)]))
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) !== 1) return 'unchanged';
  try {
    const row = await ctx.db
      .selectFrom('user_packages as up')
      .innerJoin('users as u', 'u.id', 'up.user_id')
      .selectAll('up')
      .select('u.ptero_user_id')
      .where('up.id', '=', listedRow.id)
      .executeTakeFirstOrThrow();
    if (!LIVE.includes(row.status) || row.ptero_server_uuid === null) return 'unchanged';
    // Calls the panel queue still has to make for it bring it in line themselves.
    const queued = await ctx.db
      .selectFrom('panel_tasks')
      .select('id')
      .where('user_package_id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (queued) return 'unchanged';
    const panel = await ctx.pterodactyl.getServerByExternalId(serverExternalId(row.id));
    if (!panel) return await recreateOrRefund(ctx, row);

    const audit = (what: string, before: object, after: object) =>
      recordSystemAudit(ctx.db, {
        action: 'repair',
        entity: 'server',
        entityId: row.id,
        source: 'panel-reconciler',
        before: { what, ...before },
        after,
        at: ctx.now(),
      });
    let outcome: Outcome = 'unchanged';
    if (panel.uuid !== row.ptero_server_uuid) {
      if (panel.user !== row.ptero_user_id) {
        return (await reportStray(
          ctx,
          row.id,
          panel,
          'another uuid than recorded, owned by another panel user',
        ))
          ? 'reported'
          : 'unchanged';
      }
      // Made by a repair that crashed before recording it: ours.
      await ctx.db
        .updateTable('user_packages')
        .set({ ptero_server_id: panel.id, ptero_server_uuid: panel.uuid, ptero_identifier: panel.identifier })
        .where('id', '=', row.id)
        .execute();
      await audit('uuid', { uuid: row.ptero_server_uuid }, { uuid: panel.uuid, panelServerId: panel.id });
      outcome = 'repaired';
    }
    if (panel.user !== row.ptero_user_id) {
      // The recorded panel user is confirmed first: the panel may have given its id to someone else.
      const owner = await confirmPanelUser(ctx, await userOf(ctx, row.user_id));
      if (panel.user !== owner) {
        await ctx.pterodactyl.updateServerDetails(panel.id, {
          name: panel.name,
          user: owner,
          external_id: panel.external_id,
          description: panel.description,
        });
        await audit('owner', { panelUserId: panel.user }, { panelUserId: owner });
        outcome = 'repaired';
      }
    }
    const build = await currentBuild(ctx, row.id);
    if (!buildMatches(panel, build)) {
      await pushBuild(ctx, panel, build);
      await audit('build', { limits: panel.limits, feature_limits: panel.feature_limits }, { build });
      outcome = 'repaired';
    }
    const suspended = row.status === 'suspended';
    if (panel.suspended !== suspended) {
      if (suspended) await ctx.pterodactyl.suspendServer(panel.id);
      else await ctx.pterodactyl.unsuspendServer(panel.id);
      await ctx.db
        .updateTable('user_packages')
        .set({ panel_suspended_at: suspended ? ctx.now() : null })
        .where('id', '=', row.id)
        .execute();
      await audit('suspended', { suspended: panel.suspended }, { suspended });
      outcome = 'repaired';
    }
    return outcome;
  } finally {
    await ctx.db
      .updateTable('user_packages')
      .set({ changing_since: null })
      .where('id', '=', listedRow.id)
      .where('changing_since', '=', t)
      .execute();
  }
}

type FullRow = LiveRow & {
  ptero_user_id: number | null;
  paid_until: number | null;
  period_anchor: number | null;
  periods_paid: number | null;
  variables: string;
};

/**
 * The panel has no server for a paid row: made again on a node of its package in its location (the
 * customer's data is gone; the server starts from its egg's install), or, when no node has room, closed
 * and refunded (`noRoom`).
 */
async function recreateOrRefund(ctx: AppContext, row: FullRow): Promise<Outcome> {
  const build = await currentBuild(ctx, row.id);
  const nodeIds = (
    await ctx.db
      .selectFrom('package_nodes')
      .select('node_id')
      .where('package_id', '=', row.package_id)
      .execute()
  ).map((n) => n.node_id);
  // A fresh reading: a server is given up and refunded only when the panel says now that nothing fits.
  const room = await readPlacement(ctx, nodeIds, row.location_id, { fresh: true });
  const claim = await ctx.db.transaction().execute(async (trx) => {
    await releaseAllocationClaims(trx, row.id);
    return claimPlacement(trx, ctx.dialect, room, build, row.id, ctx.now());
  });
  let server: { id: number; uuid: string; identifier: string } | null = null;
  if (claim) {
    try {
      server = await createPanelServer(ctx, {
        name: row.name,
        panelUserId: await confirmPanelUser(ctx, await userOf(ctx, row.user_id)),
        eggId: row.egg_id,
        gameId: (
          await ctx.db
            .selectFrom('packages')
            .select('game_id')
            .where('id', '=', row.package_id)
            .executeTakeFirstOrThrow()
        ).game_id,
        // The values the customer gave with the order (issue 28 point 3), so the egg accepts it again.
        variables: parseVariables(row.variables),
        externalId: serverExternalId(row.id),
        build,
        allocationId: claim.allocationId,
      });
    } catch (error) {
      await releaseAllocationClaims(ctx.db, row.id);
      if (!isNoCapacityError(error)) throw error;
    }
  }
  if (!server) return noRoom(ctx, row);
  const made = server;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('user_packages')
      .set({
        ptero_server_id: made.id,
        ptero_server_uuid: made.uuid,
        ptero_identifier: made.identifier,
        node_id: claim?.nodeId ?? null,
      })
      .where('id', '=', row.id)
      .execute();
    await completeAllocationClaims(trx, row.id, ctx.now());
    await mailCustomer(trx, row, 'serverRecreated', {}, ctx.now());
  });
  if (row.status === 'suspended') {
    await ctx.pterodactyl.suspendServer(made.id);
    await ctx.db
      .updateTable('user_packages')
      .set({ panel_suspended_at: ctx.now() })
      .where('id', '=', row.id)
      .execute();
  }
  ctx.log.warn({ userPackageId: row.id, uuid: made.uuid }, 'the panel had lost a paid server: made again');
  await recordSystemAudit(ctx.db, {
    action: 'repair',
    entity: 'server',
    entityId: row.id,
    source: 'panel-reconciler',
    before: { what: 'missing', uuid: row.ptero_server_uuid },
    after: { uuid: made.uuid, panelServerId: made.id, nodeId: claim?.nodeId ?? null },
    at: ctx.now(),
  });
  return 'recreated';
}

/**
 * No node can take the lost server again: it is closed, and an hourly server running in an hour it
 * prepaid gets that hour back in credits (`refund:lost-server:<id>`, once); monthly: `refundLostMonthly`.
 */
async function noRoom(ctx: AppContext, row: FullRow): Promise<Outcome> {
  const t = ctx.now();
  if (row.billing_type !== 'hourly') return refundLostMonthly(ctx, row);
  const refund = row.status === 'paid' && (row.billed_until ?? 0) > t ? hourlyUnits(row.credits_monthly) : 0;
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('user_packages')
      .set({ status: 'deleted', deleted_at: t })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    if (refund > 0) {
      await applyLedgerEntry(trx, {
        userId: row.user_id,
        amount: refund,
        kind: 'refund',
        reference: `refund:lost-server:${row.id}`,
        now: t,
      });
    }
    await mailCustomer(trx, row, 'serverLostCredits', { credits: creditsText(refund) }, t);
    await recordSystemAudit(trx, {
      action: 'repair',
      entity: 'server',
      entityId: row.id,
      source: 'panel-reconciler',
      before: { what: 'missing', uuid: row.ptero_server_uuid, status: row.status },
      after: { status: 'deleted', refundedUnits: refund, reason: 'no node has room to make it again' },
      at: t,
    });
    return true;
  });
  if (closed)
    ctx.log.error({ userPackageId: row.id, refund }, 'a lost hourly server was closed and refunded');
  return closed ? 'refunded' : 'unchanged';
}

/**
 * A lost monthly server no node can take again: the unused share of the payment that paid its running
 * month goes back through Mollie as card orders refund (`Idempotency-Key`
 * `refund-lost-server-<id>-<paid_until>`, so a run repeated after a crash refunds once; the refund's
 * webhook issues the credit note as for any refund), then the server is closed and its subscription
 * cancelled. A suspended server's period is over: nothing to refund.
 */
async function refundLostMonthly(ctx: AppContext, row: FullRow): Promise<Outcome> {
  const t = ctx.now();
  const end = row.paid_until ?? t;
  const payment = await ctx.db
    .selectFrom('orders')
    .select(['id', 'amount_cents', 'mollie_payment_id'])
    .where('user_package_id', '=', row.id)
    .where('kind', 'in', ['package-card', 'unsuspend-card', 'renewal'])
    .where('status', '=', 'completed')
    .where('mollie_payment_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  let cents = 0;
  if (payment?.mollie_payment_id && row.status !== 'suspended' && end > t) {
    const start = periodEnd(row.period_anchor ?? t, Math.max((row.periods_paid ?? 1) - 1, 0));
    // The share of the month not yet used, rounded half up once (money.ts).
    cents = proRataUnits(payment.amount_cents, end - t, Math.max(end - start, 1));
    if (cents > 0)
      await refundPayment(
        ctx.mollie,
        payment.mollie_payment_id,
        cents,
        `Falkenhost: refund of ${row.name}, lost by the game panel`,
        `refund-lost-server-${row.id}-${end}`,
      );
  }
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('user_packages')
      .set({ status: 'deleted', deleted_at: t })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    await recordSystemAudit(trx, {
      action: 'repair',
      entity: 'server',
      entityId: row.id,
      source: 'panel-reconciler',
      before: { what: 'missing', uuid: row.ptero_server_uuid, status: row.status },
      after: {
        status: 'deleted',
        refundedCents: cents,
        paymentId: payment?.mollie_payment_id ?? null,
        reason: 'no node has room to make it again',
      },
      at: t,
    });
    await mailCustomer(trx, row, 'serverLostCard', { amount: (language) => formatEur(language, cents) }, t);
    return true;
  });
  if (!closed) return 'unchanged';
  ctx.log.error({ userPackageId: row.id, cents }, 'a lost monthly server was closed and refunded');
  await syncSubscription(ctx, row.id).catch((error) =>
    ctx.log.warn({ err: error, userPackageId: row.id }, 'cancelling the subscription failed; retried later'),
  );
  return 'refunded';
}

/**
 * Reports a panel server carrying our external id that no live row accounts for, once per panel server
 * (its uuid), after reading it again (the list may predate a deletion).
 * @returns true when a new report was written
 */
async function reportStray(
  ctx: AppContext,
  userPackageId: number,
  listed: Server,
  reason = 'no paid server of ours has it',
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('user_packages')
    .select('status')
    .where('id', '=', userPackageId)
    .executeTakeFirst();
  if (row && IN_FLIGHT.includes(row.status)) return false;
  const panel = await ctx.pterodactyl.getServerByExternalId(serverExternalId(userPackageId));
  if (!panel || panel.uuid !== listed.uuid) return false;
  const earlier = await ctx.db
    .selectFrom('audit_log')
    .select('after')
    .where('entity', '=', 'server')
    .where('entity_id', '=', userPackageId)
    .where('action', '=', 'report')
    .execute();
  if (earlier.some((e) => e.after?.includes(panel.uuid))) return false;
  ctx.log.error(
    { userPackageId, panelServerId: panel.id, uuid: panel.uuid, status: row?.status ?? null },
    'a panel server carries our external id but no paid server of ours: reported to staff, not deleted',
  );
  return recordSystemAudit(ctx.db, {
    action: 'report',
    entity: 'server',
    entityId: userPackageId,
    source: 'panel-reconciler',
    before: { what: 'stray', status: row?.status ?? null },
    after: { reason, panelServerId: panel.id, uuid: panel.uuid, panelUserId: panel.user },
    at: ctx.now(),
  });
}

async function userOf(ctx: AppContext, userId: number) {
  return ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

/**
 * Queues a notice mail to the server's customer in their language, inside the repair's transaction
 * (platform/outbox.ts sends it).
 * @param values texts by name, or functions of the customer's language (amounts in their format)
 */
async function mailCustomer(
  trx: Transaction<Database>,
  row: { user_id: number; name: string },
  kind: 'serverRecreated' | 'serverLostCredits' | 'serverLostCard',
  values: Record<string, string | ((language: string) => string)>,
  now: number,
): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select(['email', 'username', 'language'])
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  const texts = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'function' ? v(user.language) : v]),
  );
  const mail = renderNoticeMail(kind, user.language, { ...texts, username: user.username, server: row.name });
  await queueMail(trx, user.email, mail, now);
}
