/**
 * The Mollie webhook (reference/mollie.md), the top of the orders module: one call per payment id,
 * dispatched to the handler of its kind of payment (credit order, card order's first payment, renewal,
 * money taken back); and the pollers that settle payments whose webhook never came or never will.
 */
import type { FastifyBaseLogger } from 'fastify';
import { getPayment, type PaymentState } from '../integrations/mollie';
import { DAY_MS, MINUTE_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import { isUniqueViolation } from '../platform/errors';
import { sendQueuedMail } from '../platform/outbox';
import { sendStaffNotifications } from '../platform/staff-webhook';
import { settleFirstPayment } from './checkout/card-payment';
import { settlePaidOrder } from './checkout/credit-orders';
import { GRACE_ORDER_KINDS } from './records/order-records';
import { moveOrder, type OrderState, paidAmountDiffers } from './records/order-status';
import { reverseCreditsTakenBack, reverseServerPayment } from './records/take-backs';
import { recordMolliePayment, WEBHOOKLESS_MARK } from './records/webhookless';
import { settleGracePayment } from './renewals/grace-payments';
import { settleRenewal } from './renewals/renewals';
import { TOP_UP_KIND } from './top-ups/top-up-records';
import { settleTopUp } from './top-ups/top-up-settle';

/** Orders whose payment bought a server's month (card): taken-back money reverses a month, not credits. */
const SERVER_PAYMENT_KINDS = ['package-card', 'unsuspend-card', 'renewal', ...GRACE_ORDER_KINDS];

const FINAL_FAILURES: Record<string, OrderState> = {
  canceled: 'canceled',
  expired: 'expired',
  failed: 'failed',
};

/**
 * One call of POST /api/webhooks/mollie as the route received it: an id that is no payment id is ignored,
 * a payment is settled (`settleMolliePayment`), the receipt or notice and the staff notification it
 * queued go out now rather than at the next job run, and the outcome is counted (`falkenhost_webhooks_total`).
 * @param log the request's logger (its lines carry the request id)
 * @throws what settleMolliePayment throws (the route answers 500 so Mollie retries)
 */
export async function receiveMollieWebhook(
  ctx: AppContext,
  paymentId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const metrics = ctx.metrics;
  if (!/^tr_\w+$/.test(paymentId)) {
    metrics?.webhooks.inc({ outcome: 'invalid-id' });
    return;
  }
  const result = await settleMolliePayment(ctx, paymentId).catch((error) => {
    metrics?.webhooks.inc({ outcome: 'error' });
    throw error;
  });
  metrics?.webhooks.inc({ outcome: result });
  log.info({ paymentId, result }, 'mollie webhook');
  if (result !== 'ignored' && result !== 'unchanged') {
    void sendQueuedMail(ctx).catch((error) => log.warn({ err: error }, 'sending mail failed'));
    void sendStaffNotifications(ctx).catch((error) => log.warn({ err: error }, 'staff webhook failed'));
  }
}

/**
 * Applies a Mollie webhook call for payment `paymentId`: reads the payment and settles its order once;
 * for a completed credit order, applies a refund or chargeback (take-backs.ts). Unknown payments are
 * ignored (Mollie needs a 200 for them too).
 * @returns what happened, for logs and tests
 */
export async function settleMolliePayment(
  ctx: AppContext,
  paymentId: string,
): Promise<'ignored' | 'unchanged' | 'paid' | 'closed' | 'reversed'> {
  const order = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('mollie_payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!order) {
    // A renewal is the first we hear of its payment: it names its subscription (reference/mollie.md).
    // An id Mollie does not know either is answered 200 and changes nothing.
    let payment: PaymentState;
    try {
      payment = await getPayment(ctx.mollie, paymentId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return 'ignored';
      throw error;
    }
    if (payment.subscriptionId === null) return settleUnrecordedRetry(ctx, payment);
    return settleRenewal(ctx, payment);
  }
  if ((GRACE_ORDER_KINDS as readonly string[]).includes(order.kind) && order.status === 'pending')
    return settleGracePayment(ctx, order, await getPayment(ctx.mollie, paymentId));
  // A renewal recorded but not settled (its amount did not match, or a crash came between the two
  // writes) is settled by the renewal rules again, never by the credit-order path below.
  if (order.kind === 'renewal' && order.status === 'pending')
    return settleRenewal(ctx, await getPayment(ctx.mollie, paymentId));
  // Refunds and chargebacks call the webhook of a paid payment again (reference/mollie.md).
  const serverPayment = SERVER_PAYMENT_KINDS.includes(order.kind);
  const takeBack =
    (order.status === 'completed' && (order.kind === 'credits' || order.kind === TOP_UP_KIND)) ||
    (serverPayment && ['completed', 'refunded', 'paid', 'refunding'].includes(order.status));
  if (order.status !== 'pending' && !takeBack) return 'unchanged';
  const payment = await getPayment(ctx.mollie, paymentId);
  if (takeBack) {
    if (order.kind === 'credits' || order.kind === TOP_UP_KIND)
      return reverseCreditsTakenBack(ctx, order, payment);
    // Still being carried forward: the refund takes what is left (refundOrder), and a server made meanwhile
    // reads its payment back when it is adopted (adoptServer) and applies what was taken back then.
    if (order.status === 'paid' || order.status === 'refunding') return 'unchanged';
    return reverseServerPayment(ctx, order, payment);
  }

  // A top-up's failure also turns auto top-up off and mails the customer (top-ups/top-up-settle.ts).
  if (order.kind === TOP_UP_KIND) return settleTopUp(ctx, order, payment);
  if (payment.status === 'paid') {
    if (paidAmountDiffers(ctx, order, payment)) return 'unchanged';
    if (order.kind === 'package-card' || order.kind === 'unsuspend-card') {
      try {
        return await settleFirstPayment(ctx, order, payment);
      } catch (error) {
        if (isUniqueViolation(error)) return 'unchanged';
        throw error;
      }
    }
    return settlePaidOrder(ctx, order, payment);
  }

  const closed = FINAL_FAILURES[payment.status];
  if (closed) {
    const moved = await moveOrder(ctx.db, order.id, 'pending', closed, { completed_at: ctx.now() });
    return moved ? 'closed' : 'unchanged';
  }
  return 'unchanged';
}

/**
 * A renewal retry whose webhook came before its payment id was recorded (renewal-retries.ts): found by the
 * order its metadata names, recorded and settled; any other payment we have no order for is ignored.
 */
async function settleUnrecordedRetry(
  ctx: AppContext,
  payment: PaymentState,
): Promise<'ignored' | 'unchanged' | 'paid' | 'closed'> {
  const publicId = (payment.metadata as { retryOrder?: unknown } | null)?.retryOrder;
  if (typeof publicId !== 'string') return 'ignored';
  const order = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('kind', '=', 'renewal-retry')
    .executeTakeFirst();
  if (!order || (order.mollie_payment_id !== null && order.mollie_payment_id !== payment.id))
    return 'ignored';
  if (order.mollie_payment_id === null)
    await recordMolliePayment(ctx, order.id, { id: payment.id, checkoutUrl: '', webhook: true });
  if (order.status !== 'pending') return 'unchanged';
  return settleGracePayment(ctx, { ...order, mollie_payment_id: payment.id }, payment);
}

/** Pending orders younger than this are left to their webhook. */
const POLL_AFTER_MS = 10 * MINUTE_MS;
/** Mollie's longest payment life (PayPal, 72 h) and a day more: older pending orders are closed. */
const POLL_UNTIL_MS = 4 * DAY_MS;

/**
 * Settles orders whose webhook never arrived (our server was down past Mollie's retries, a network
 * fault): pending orders older than 10 minutes are read back from Mollie and settled like a webhook; a
 * pending order that never got its Mollie payment (a crash between the two writes) is marked failed, as
 * no customer could have paid it. Run once an hour.
 * @returns how many orders were looked at
 */
export async function pollPendingPayments(ctx: AppContext): Promise<number> {
  const t = ctx.now();
  const unpaid = await ctx.db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending')
    .where('mollie_payment_id', 'is', null)
    .where('created_at', '<', t - POLL_AFTER_MS)
    .where('kind', 'in', ['credits', 'package-card', 'unsuspend-card', 'renewal-card'])
    .execute();
  for (const { id } of unpaid) await moveOrder(ctx.db, id, 'pending', 'failed', { completed_at: t });
  const pending = await ctx.db
    .selectFrom('orders')
    .select(['mollie_payment_id'])
    .where('status', '=', 'pending')
    .where('mollie_payment_id', 'is not', null)
    .where('created_at', '<', t - POLL_AFTER_MS)
    .where('created_at', '>', t - POLL_UNTIL_MS)
    .orderBy('created_at')
    .limit(200)
    .execute();
  for (const { mollie_payment_id: id } of pending) {
    if (!id) continue;
    await settleMolliePayment(ctx, id).catch((error) =>
      ctx.log.warn({ err: error, paymentId: id }, 'reading a pending payment back failed; retried later'),
    );
  }
  return pending.length;
}

/**
 * Settles pending orders whose Mollie payment has no webhook (Mollie refused our webhook URL;
 * webhookless.ts): each is read back from Mollie and settled like a webhook, at every job run
 * from its creation until Mollie's longest payment life is over. Run every tick.
 * @returns how many orders were looked at
 */
export async function pollWebhooklessPayments(ctx: AppContext): Promise<number> {
  const t = ctx.now();
  const pending = await ctx.db
    .selectFrom('orders')
    .select(['mollie_payment_id'])
    .where('status', '=', 'pending')
    .where('mollie_payment_id', 'is not', null)
    .where('created_at', '>', t - POLL_UNTIL_MS)
    .where('details', 'like', `%${WEBHOOKLESS_MARK}%`)
    .orderBy('created_at')
    .limit(200)
    .execute();
  for (const { mollie_payment_id: id } of pending) {
    if (!id) continue;
    await settleMolliePayment(ctx, id).catch((error) =>
      ctx.log.warn(
        { err: error, paymentId: id },
        'reading a webhook-less payment back failed; retried later',
      ),
    );
  }
  return pending.length;
}
