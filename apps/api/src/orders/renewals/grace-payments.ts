/**
 * Payments of a server's open month in its grace (docs/decisions/421-renewal-retry-payments.md, 422): a
 * retry on the mandate or a payment with another card. Paid, either ends the grace with the renewal's
 * period and invoice (once: a second payment for the same month is refunded); a failed retry schedules
 * the next or, after the last, suspends the server; a failed checkout leaves the grace as it was.
 */
import type { PaymentState } from '../../integrations/mollie';
import type { AppContext } from '../../platform/context';
import type { Order } from '../../platform/db/schema';
import { notifyStaff } from '../../platform/staff-webhook';
import { runPanelQueue } from '../../servers/panel-task-results';
import { endRenewalGrace } from '../../servers/renewal-grace';
import { advanceCardOrder } from '../checkout/card-order-advance';
import { moveOrder, paidAmountDiffers } from '../records/order-status';
import { syncSubscription } from '../subscriptions/subscription-sync';
import { suspendMonthlyServer } from './monthly-expiry';
import { payRenewalLink, retryFailed } from './renewal-grace';
import { applyPaidRenewal } from './renewals';

const FINAL_FAILURES = ['failed', 'canceled', 'expired'];

/**
 * Settles a pending `renewal-retry` or `renewal-card` order by its Mollie payment, once.
 * @returns 'paid' (the month is paid), 'closed' (failed, or refunded as a second payment), 'unchanged'
 *   (open, settled before, or an amount that is not the order's: logged, not applied)
 */
export async function settleGracePayment(
  ctx: AppContext,
  order: Order,
  payment: PaymentState,
): Promise<'paid' | 'closed' | 'unchanged'> {
  if (payment.status === 'paid') {
    if (paidAmountDiffers(ctx, order, payment, 'a grace payment')) return 'unchanged';
    const { periodsPaid } = JSON.parse(order.details) as { periodsPaid: number };
    const mandateId = order.kind === 'renewal-card' ? payment.mandateId : null;
    const outcome = await ctx.db
      .transaction()
      .execute((trx) => applyPaidRenewal(ctx, trx, order, payment, { periodsPaid, mandateId }));
    if (outcome === 'none') return 'unchanged';
    if (outcome === 'refund') {
      await advanceCardOrder(ctx, order.id).catch((error) =>
        ctx.log.warn({ err: error, orderId: order.id }, 'refunding a second payment failed; retried later'),
      );
      return 'closed';
    }
    // A new card's mandate: the subscription's later months charge it (subscription-sync.ts).
    await syncSubscription(ctx, order.user_package_id ?? 0).catch((error) =>
      ctx.log.warn({ err: error, orderId: order.id }, 'moving the subscription failed; retried later'),
    );
    await runPanelQueue(ctx).catch((error) => ctx.log.warn({ err: error }, 'panel queue run failed'));
    return 'paid';
  }
  if (!FINAL_FAILURES.includes(payment.status)) return 'unchanged';
  if (order.kind === 'renewal-card') {
    const closedAs = payment.status as 'failed' | 'canceled' | 'expired';
    const moved = await moveOrder(ctx.db, order.id, 'pending', closedAs, { completed_at: ctx.now() });
    return moved ? 'closed' : 'unchanged';
  }
  return (await closeFailedRetry(ctx, order, { paymentId: payment.id, status: payment.status }))
    ? 'closed'
    : 'unchanged';
}

/**
 * A retry failed (its payment failed, or Mollie refused to create it): the order is closed once; with a
 * retry left the next is scheduled and mailed (renewal-grace.ts), after the last the grace ends and the
 * server is suspended with the last try's mail, at once when its paid period is over.
 * @returns false when another delivery closed it first
 */
export async function closeFailedRetry(
  ctx: AppContext,
  order: Order,
  failed: { paymentId: string; status: string },
): Promise<boolean> {
  const { attempt } = JSON.parse(order.details) as { attempt: number };
  const last = attempt >= ctx.config.renewalRetryDays.length;
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (!(await moveOrder(trx, order.id, 'pending', 'failed', { completed_at: ctx.now() })))
      return 'none' as const;
    const server = await trx
      .selectFrom('user_packages')
      .selectAll()
      .where('id', '=', order.user_package_id ?? 0)
      .executeTakeFirstOrThrow();
    const user = await trx
      .selectFrom('users')
      .select(['email', 'username', 'first_name', 'language', 'time_zone'])
      .where('id', '=', server.user_id)
      .executeTakeFirstOrThrow();
    if (!last) {
      await retryFailed(ctx, trx, server, user, { ...failed, attempt });
      return 'done' as const;
    }
    // Paid or cancelled meanwhile: nothing is left to stop.
    if (!(await endRenewalGrace(trx, server.id))) return 'done' as const;
    await notifyStaff(ctx, trx, {
      type: 'renewal-failed',
      paymentId: failed.paymentId,
      status: failed.status,
      username: user.username,
      serverName: server.name,
      userPackageId: server.id,
      attempt,
      retries: ctx.config.renewalRetryDays.length,
      nextTryAt: null,
      stopsAt: Math.max(server.paid_until ?? 0, ctx.now()),
    });
    return { id: server.id, name: server.name, ...user };
  });
  if (outcome === 'none') return false;
  if (outcome !== 'done') {
    await suspendMonthlyServer(ctx, outcome, 'renewalRetriesFailed', {
      link: payRenewalLink(ctx, outcome.id),
    });
  }
  return true;
}
