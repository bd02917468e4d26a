/**
 * Carrying a paid card order forward (money-and-billing.md "Billing"; reference/mollie.md): under a lease, by
 * the webhook at once and by the reconciler after a crash, a node is claimed, the panel server is made
 * (found again by `external_id` when an earlier try got that far), and the order completes; the
 * subscription for the later months follows (subscription-sync.ts). A server that cannot be made (no
 * room left, the panel failing after `MAX_PROVISIONING_ATTEMPTS`) is given up and the payment refunded
 * through Mollie with an `Idempotency-Key`: no money is kept without a server. The lease is
 * platform/queue.ts's, on the order's row.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { formatInvoiceAmount } from '../../billing/invoice-format';
import { payReferralBonus, reverseReferralBonus } from '../../billing/referrals';
import { getPayment, refundPayment } from '../../integrations/mollie';
import { releaseAllocationClaims } from '../../panel/allocation-claims';
import { parseVariables } from '../../panel/egg-variables';
import { createPanelServer, removePanelServer } from '../../panel/panel-servers';
import { ensurePanelUser } from '../../panel/panel-users';
import { claimPlacement, withPlacement } from '../../panel/placement';
import { serverBuild } from '../../panel/server-build';
import { MINUTE_MS } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Database, Order } from '../../platform/db/schema';
import { renderNoticeMail } from '../../platform/mail/templates';
import { queueMail } from '../../platform/outbox';
import { holdsLease, leaseFree, type RowCondition, releaseLease, takeLease } from '../../platform/queue';
import { notifyStaff } from '../../platform/staff-webhook';
import { runPanelQueue } from '../../servers/panel-task-results';
import { markAdopted, setServerNode } from '../../servers/server-records';
import { LIVE_SERVER_STATES, moveServer } from '../../servers/server-status';
import type { PackageCardDetails } from '../records/card-order-details';
import { issueCreditNote } from '../records/order-invoices';
import { moveOrder } from '../records/order-status';
import { reverseServerPayment } from '../records/take-backs';
import { syncSubscription } from '../subscriptions/subscription-sync';

/** Provisioning tries after payment before the money goes back (the reconciler retries each minute). */
export const MAX_PROVISIONING_ATTEMPTS = 3;
/** A process carrying an order forward holds it this long; after a crash another takes over. */
export const ORDER_LEASE_MS = 2 * MINUTE_MS;

/** The lease on an order was taken over by another process: this one's writes are rolled back. */
class LeaseLost extends Error {}

/** Orders carried forward: paid (to provision) or refunding (to refund). */
const paidOrRefunding: RowCondition<'orders'> = (eb) => eb('status', 'in', ['paid', 'refunding']);

/**
 * Carries a paid card order forward under a lease (one process at a time; a crashed or stalled holder's
 * lease runs out and another takes over, and the stalled one then writes nothing: every write that moves
 * the order names the lease's owner): provisions a new server, or refunds an order that cannot get one.
 * Safe to call any number of times, from the webhook and from the reconciler.
 */
export async function advanceCardOrder(ctx: AppContext, orderId: number): Promise<void> {
  const t = ctx.now();
  const owner = randomUUID();
  const lease = { owner, now: t, until: t + ORDER_LEASE_MS };
  if (!(await takeLease(ctx.db, 'orders', orderId, lease, paidOrRefunding))) return;
  try {
    let order = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (order.status === 'paid' && order.kind === 'package-card') {
      await provisionPaidOrder(ctx, order, owner);
      order = await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
    }
    if (order.status === 'refunding' && order.lease_owner === owner) await refundOrder(ctx, order, owner);
  } catch (error) {
    if (!(error instanceof LeaseLost)) throw error;
    ctx.log.warn({ orderId }, 'the lease on a card order ran out and another process carries it on');
  } finally {
    await releaseLease(ctx.db, 'orders', orderId, owner);
  }
  await runPanelQueue(ctx).catch((error) => ctx.log.warn({ err: error }, 'panel queue run failed'));
}

/**
 * Makes the server of a paid package-card order: adopts the panel's server when an earlier try made it,
 * else claims a node and creates it. No room: refund. A panel failure: retried by the reconciler, and
 * refunded after MAX_PROVISIONING_ATTEMPTS.
 */
async function provisionPaidOrder(ctx: AppContext, order: Order, owner: string): Promise<void> {
  const details = JSON.parse(order.details) as PackageCardDetails;
  const up = await ctx.db
    .selectFrom('user_packages')
    .selectAll()
    .where('id', '=', order.user_package_id ?? 0)
    .executeTakeFirst();
  if (up?.status !== 'provisioning') {
    if (up?.status === 'paid') await completeOrder(ctx, order.id);
    return;
  }
  const externalId = `falkenhost-server-${up.id}`;
  try {
    const found = await ctx.panel.getServerByExternalId(externalId);
    if (found) {
      await adoptServer(ctx, order, up.id, found, owner);
      return;
    }
    const { pkg, addons } = await loadOwnedServerParts(ctx, up.id, up.package_id);
    const build = serverBuild(pkg, addons);
    const nodeIds = await nodeIdsOfPackage(ctx, up.package_id);
    const nodeAndAllocation = await withPlacement(ctx, nodeIds, up.location_id, (room) =>
      ctx.db.transaction().execute(async (trx) => {
        await holdLease(trx, order.id, owner);
        await releaseAllocationClaims(trx, up.id);
        const claim = await claimPlacement(trx, ctx.dialect, room, build, up.id, ctx.now());
        if (claim) await setServerNode(trx, up.id, claim.nodeId);
        return claim;
      }),
    );
    if (!nodeAndAllocation) {
      await giveUp(ctx, order.id, owner, 'resources');
      return;
    }
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    const panelUser = await ensurePanelUser(ctx, user);
    const server = await createPanelServer(ctx, {
      name: details.serverName,
      panelUserId: panelUser,
      eggId: up.egg_id,
      gameId: pkg.game_id,
      variables: parseVariables(up.variables),
      externalId,
      build,
      allocationId: nodeAndAllocation.allocationId,
    });
    await adoptServer(ctx, order, up.id, server, owner);
  } catch (error) {
    if (error instanceof LeaseLost) throw error;
    const attempts = order.attempts + 1;
    await ctx.db
      .updateTable('orders')
      .set({ attempts })
      .where('id', '=', order.id)
      .where('lease_owner', '=', owner)
      .execute();
    ctx.log.warn({ err: error, orderId: order.id, attempts }, 'provisioning a paid card order failed');
    if (attempts >= MAX_PROVISIONING_ATTEMPTS) await giveUp(ctx, order.id, owner, 'panel');
  }
}

/** Inside `trx`: goes on only while `owner` still holds the order's lease. @throws LeaseLost */
async function holdLease(trx: Transaction<Database>, orderId: number, owner: string): Promise<void> {
  if (!(await holdsLease(trx, 'orders', orderId, owner))) throw new LeaseLost();
}

async function loadOwnedServerParts(ctx: AppContext, userPackageId: number, packageId: number) {
  const pkg = await ctx.db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', packageId)
    .executeTakeFirstOrThrow();
  const addons = await ctx.db
    .selectFrom('user_package_addons as upa')
    .innerJoin('addons as a', 'a.id', 'upa.addon_id')
    .select(['a.type', 'a.quantity'])
    .where('upa.user_package_id', '=', userPackageId)
    .execute();
  return { pkg, addons };
}

async function nodeIdsOfPackage(ctx: AppContext, packageId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('package_nodes')
    .select('node_id')
    .where('package_id', '=', packageId)
    .execute();
  return rows.map((r) => r.node_id);
}

/**
 * Records the panel's server: the server runs, the order is completed, the claim released and the
 * referrer paid, all while `owner` holds the lease. Then the subscription is created, and money taken
 * back while the server was being made (a refund or chargeback whose webhook came while the order was
 * still `paid`) is applied now.
 * @throws LeaseLost when another process took the order over (nothing written)
 */
async function adoptServer(
  ctx: AppContext,
  order: Order,
  userPackageId: number,
  server: { id: number; uuid: string; identifier: string },
  owner: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const t = ctx.now();
    if (!(await moveOrder(trx, order.id, 'paid', 'completed', { completed_at: t }, owner)))
      throw new LeaseLost();
    if (!(await markAdopted(trx, userPackageId, server, t))) throw new LeaseLost();
    await payReferralBonus(
      trx,
      order.user_id,
      { amountCents: order.amount_cents, feeCents: order.fee_cents },
      `order:${order.id}`,
      t,
    );
  });
  await syncSubscription(ctx, userPackageId).catch((error) =>
    ctx.log.warn({ err: error, userPackageId }, 'creating the subscription failed; retried by the jobs'),
  );
  if (!order.mollie_payment_id) return;
  try {
    const payment = await getPayment(ctx.mollie, order.mollie_payment_id);
    if (payment.takenBackCents > 0) {
      const completed = await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      await reverseServerPayment(ctx, completed, payment);
    }
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'reading a payment back after provisioning failed');
  }
}

async function completeOrder(ctx: AppContext, orderId: number): Promise<void> {
  await moveOrder(ctx.db, orderId, 'paid', 'completed', { completed_at: ctx.now() });
}

/** The server cannot be made: the order goes to refunding (while `owner` holds its lease). */
async function giveUp(
  ctx: AppContext,
  orderId: number,
  owner: string,
  why: 'resources' | 'panel',
): Promise<void> {
  ctx.log.warn({ orderId, why }, 'a paid card order gets no server; refunding it');
  await moveOrder(ctx.db, orderId, 'paid', 'refunding', {}, owner);
}

/**
 * Refunds an order in `refunding`: no panel server is left behind, Mollie refunds what is left of the
 * payment (its amount less what was refunded or charged back already, so a retry after a crash or a
 * chargeback that came first refunds nothing twice; idempotent per order too), then one transaction marks
 * the order refunded, its server row failed whatever state it reached (a server order's only), issues the
 * credit note, takes back the referrer's bonus and mails the customer (which mail by the order's kind); a
 * subscription the server had is cancelled.
 * @throws LeaseLost when another process took the order over before the final write
 */
async function refundOrder(ctx: AppContext, order: Order, owner: string): Promise<void> {
  if (!order.mollie_payment_id) return;
  const upId = order.kind === 'package-card' ? order.user_package_id : null;
  if (upId !== null) await removePanelServer(ctx, `falkenhost-server-${upId}`);
  const payment = await getPayment(ctx.mollie, order.mollie_payment_id);
  const refundable = order.amount_cents - Math.min(payment.takenBackCents, order.amount_cents);
  if (refundable > 0) {
    await refundPayment(
      ctx.mollie,
      order.mollie_payment_id,
      refundable,
      `Falkenhost: refund of order ${order.id}`,
      `refund-order-${order.id}`,
    );
  }
  await ctx.db.transaction().execute(async (trx) => {
    const t = ctx.now();
    if (!(await moveOrder(trx, order.id, 'refunding', 'refunded', { completed_at: t }, owner)))
      throw new LeaseLost();
    if (upId !== null) {
      await moveServer(trx, upId, LIVE_SERVER_STATES, 'failed', { deleted_at: t });
      await releaseAllocationClaims(trx, upId);
    }
    const chargedBackOnly = refundable === 0 && payment.chargedBackCents > 0;
    await issueCreditNote(ctx, trx, order, order.amount_cents, chargedBackOnly ? 'chargeback' : 'refund');
    await reverseReferralBonus(trx, ctx.dialect, order, order.amount_cents, t);
    const user = await trx
      .selectFrom('users')
      .select(['email', 'username', 'first_name', 'language'])
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    const details = JSON.parse(order.details) as { serverName?: string };
    await notifyStaff(ctx, trx, {
      type: 'take-back',
      kind: chargedBackOnly ? 'chargeback' : 'refund',
      paymentId: order.mollie_payment_id ?? '',
      orderId: order.id,
      takenBackCents: order.amount_cents,
      paidCents: order.amount_cents,
      username: user.username,
      origin: 'ours',
    });
    await queueMail(
      trx,
      user.email,
      // A server order that made no server, or a payment that found nothing left to pay (a second payment
      // of a grace month, a renewal or unsuspend of a server that has ended).
      renderNoticeMail(order.kind === 'package-card' ? 'orderRefunded' : 'paymentRefunded', user.language, {
        username: user.username,
        firstName: user.first_name,
        server: details.serverName ?? '',
        amount: formatInvoiceAmount(user.language, order.amount_cents - payment.chargedBackCents),
      }),
      t,
    );
  });
  if (upId !== null)
    await syncSubscription(ctx, upId).catch((error) =>
      ctx.log.warn({ err: error, userPackageId: upId }, 'cancelling the subscription failed; retried later'),
    );
}

/**
 * Carries forward every card order a crash or a failure left between payment and its end (status paid
 * or refunding, lease expired). Run at start-up and by the jobs.
 * @returns how many orders were looked at
 */
export async function reconcileCardOrders(ctx: AppContext): Promise<number> {
  const t = ctx.now();
  const open = await ctx.db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', ['paid', 'refunding'])
    .where(leaseFree(t))
    .orderBy('created_at')
    .limit(100)
    .execute();
  for (const { id } of open) {
    await advanceCardOrder(ctx, id).catch((error) =>
      ctx.log.warn({ err: error, orderId: id }, 'carrying a card order forward failed; retried later'),
    );
  }
  return open.length;
}
