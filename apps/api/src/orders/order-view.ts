/** What the customer's order-status popup shows (docs/decisions/078-order-status-and-dialog-messages.md). */
import type { OrderStatus } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import { unitsToCredits } from '@falkenhost/contracts/money';
import type { OrderStatusAnswer } from '@falkenhost/contracts/store';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { sendQueuedMail } from '../platform/outbox';
import { settleMolliePayment } from './mollie-webhook';
import { isWebhookless } from './records/webhookless';

/**
 * The order-status popup's view of an order (product.md "Orders"), a webhook-less pending
 * payment read back from Mollie first.
 * @throws AppError 404 when the order is not the user's
 */
export async function orderStatus(
  ctx: AppContext,
  userId: number,
  publicId: string,
): Promise<OrderStatusAnswer> {
  const read = () =>
    ctx.db
      .selectFrom('orders')
      .select(['status', 'credits_amount', 'kind', 'details', 'mollie_payment_id', 'payment_method'])
      .where('public_id', '=', publicId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  let order = await read();
  if (!order) throw new AppError(404, REASONS.notFound);
  // No webhook will tell us: the customer back from the checkout asks, so Mollie is asked now.
  if (order.status === 'pending' && order.mollie_payment_id && isWebhookless(order.details)) {
    const result = await settleMolliePayment(ctx, order.mollie_payment_id).catch((error) => {
      ctx.log.warn({ err: error, paymentId: order?.mollie_payment_id }, 'reading a payment back failed');
      return 'unchanged' as const;
    });
    if (result !== 'unchanged' && result !== 'ignored') {
      void sendQueuedMail(ctx).catch((error) => ctx.log.warn({ err: error }, 'sending mail failed'));
    }
    order = (await read()) ?? order;
  }
  // product.md "States and transitions" knows no paid or refund states: see
  // docs/decisions/078-order-status-and-dialog-messages.md.
  const status: OrderStatus =
    order.status === 'completed'
      ? 'completed'
      : order.status === 'pending'
        ? 'pending'
        : order.status === 'paid'
          ? 'pending_transaction'
          : order.status === 'failed' || order.status === 'refunding' || order.status === 'refunded'
            ? 'failed'
            : 'canceled';
  return {
    status,
    credits_amount: unitsToCredits(order.credits_amount),
    // An order paid from the balance had no payment: the popup says so (issue 30).
    paid_with: order.payment_method === 'credits' ? 'credits' : 'payment',
  };
}
