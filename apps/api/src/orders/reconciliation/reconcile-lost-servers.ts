/**
 * A paid server the panel lost: made again on a node of its package, or, when no node has room, closed and
 * refunded (hourly: the prepaid hour in credits; monthly: the unused share of the month through Mollie).
 */
import { hourlyUnits, proRataUnits } from '@falkenhost/contracts/money';
import type { Transaction } from 'kysely';
import { refundServerHour } from '../../billing/hour-charges';
import { formatInvoiceAmount } from '../../billing/invoice-format';
import { refundPayment } from '../../integrations/mollie';
import { completeAllocationClaims, releaseAllocationClaims } from '../../panel/allocation-claims';
import { parseVariables } from '../../panel/egg-variables';
import { serverExternalId } from '../../panel/panel-ownership';
import { createPanelServer } from '../../panel/panel-servers';
import { confirmPanelUser } from '../../panel/panel-users';
import { claimPlacement, readPlacement } from '../../panel/placement';
import { isNoCapacityError } from '../../panel/port';
import { currentBuild } from '../../panel/server-build';
import { recordSystemAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import { renderNoticeMail } from '../../platform/mail/templates';
import { queueMail } from '../../platform/outbox';
import { inPaidHour } from '../../servers/billed-hours';
import { creditsText } from '../../servers/hourly-billing';
import { periodEnd } from '../../servers/paid-period';
import { recordPanelServer, setPanelSuspended } from '../../servers/server-records';
import { moveServer, type ServerStatus } from '../../servers/server-status';
import { syncSubscription } from '../subscriptions/subscription-sync';
import { type FullRow, type Outcome, userOf } from './reconcile-rows';

/**
 * The panel has no server for a paid row: made again on a node of its package in its location (the
 * customer's data is gone; the server starts from its egg's install), or, when no node has room, closed
 * and refunded (`noRoom`).
 * @returns 'recreated', 'refunded', or 'unchanged' when the row changed meanwhile
 * @throws the panel's errors other than no room, and Mollie's when a refund fails (retried next run)
 */
export async function recreateOrRefund(ctx: AppContext, row: FullRow): Promise<Outcome> {
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
        // The values the customer gave with the order, so the egg accepts it again.
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
    await recordPanelServer(trx, row.id, made, { nodeId: claim?.nodeId ?? null });
    await completeAllocationClaims(trx, row.id, ctx.now());
    await mailCustomer(trx, row, 'serverRecreated', {}, ctx.now());
  });
  if (row.status === 'suspended') {
    await ctx.panel.suspendServer(made.id);
    await setPanelSuspended(ctx.db, row.id, ctx.now());
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
  const refund =
    row.status === 'paid' && inPaidHour(row.billed_until, t) ? hourlyUnits(row.credits_monthly) : 0;
  const closed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await moveServer(trx, row.id, row.status as ServerStatus, 'deleted', { deleted_at: t })))
      return false;
    await refundServerHour(trx, {
      reason: 'server-lost',
      userId: row.user_id,
      userPackageId: row.id,
      units: refund,
      now: t,
    });
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
    if (!(await moveServer(trx, row.id, row.status as ServerStatus, 'deleted', { deleted_at: t })))
      return false;
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
    await mailCustomer(
      trx,
      row,
      'serverLostCard',
      { amount: (language) => formatInvoiceAmount(language, cents) },
      t,
    );
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
    .select(['email', 'username', 'first_name', 'language'])
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  const texts = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'function' ? v(user.language) : v]),
  );
  const mail = renderNoticeMail(kind, user.language, {
    ...texts,
    username: user.username,
    firstName: user.first_name,
    server: row.name,
  });
  await queueMail(trx, user.email, mail, now);
}
