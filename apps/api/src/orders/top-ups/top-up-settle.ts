/**
 * A top-up's payment settled, by its webhook or by a poller reading it back
 * (docs/decisions/428-top-up-outcomes.md): paid adds the credits with an invoice, once, as any credit
 * order; failed, canceled or expired closes the order, turns auto top-up off and mails the customer.
 */
import { unitsToCredits } from '@falkenhost/contracts/money';
import { formatInvoiceAmount } from '../../billing/invoice-format';
import type { PaymentState } from '../../integrations/mollie';
import type { AppContext } from '../../platform/context';
import type { Order } from '../../platform/db/schema';
import { renderNoticeMail } from '../../platform/mail/templates';
import { queueMail } from '../../platform/outbox';
import { settlePaidOrder } from '../checkout/credit-orders';
import { moveOrder, paidAmountDiffers } from '../records/order-status';
import { turnOffAfterFailure } from './top-up-records';

const CLOSED = { failed: 'failed', canceled: 'canceled', expired: 'expired' } as const;

/**
 * Settles pending top-up `order` from its payment as Mollie reports it. A payment that turns paid after
 * the customer turned auto top-up off is still credited: the money was taken (decisions/428).
 * @returns 'paid' or 'closed' when this call recorded it, 'unchanged' when another delivery did, the
 *   payment is still open, or its amount is not the order's (logged, not applied)
 */
export async function settleTopUp(
  ctx: AppContext,
  order: Order,
  payment: PaymentState,
): Promise<'paid' | 'closed' | 'unchanged'> {
  if (payment.status === 'paid') {
    if (paidAmountDiffers(ctx, order, payment, 'a top-up payment')) return 'unchanged';
    return settlePaidOrder(ctx, order, payment);
  }
  const closedAs = CLOSED[payment.status as keyof typeof CLOSED];
  if (!closedAs) return 'unchanged';
  return (await failTopUp(ctx, order, closedAs)) ? 'closed' : 'unchanged';
}

/**
 * Closes pending top-up `order` as `closedAs` (a failed payment, or Mollie refusing to charge the mandate),
 * turns auto top-up off and queues the customer's mail in their language, in one transaction; the
 * low-balance warning and the suspension then apply as without auto top-up.
 * @returns whether this call closed it
 */
export async function failTopUp(
  ctx: AppContext,
  order: Order,
  closedAs: 'failed' | 'canceled' | 'expired',
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const t = ctx.now();
    if (!(await moveOrder(trx, order.id, 'pending', closedAs, { completed_at: t }))) return false;
    await turnOffAfterFailure(trx, order.user_id, t);
    const user = await trx
      .selectFrom('users')
      .select(['email', 'username', 'first_name', 'language'])
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    const mail = renderNoticeMail('autoTopUpFailed', user.language, {
      username: user.username,
      firstName: user.first_name,
      credits: String(unitsToCredits(order.credits_amount)),
      amount: formatInvoiceAmount(user.language, order.amount_cents),
    });
    await queueMail(trx, user.email, mail, t);
    return true;
  });
}
