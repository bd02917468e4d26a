/** The one place an order's status changes; each move is conditional on the state it leaves. */
import type { Kysely, Transaction, UpdateObject } from 'kysely';
import type { PaymentState } from '../../integrations/mollie';
import type { AppContext } from '../../platform/context';
import type { Database, Order } from '../../platform/db/schema';

/** `orders.status`; the moves: docs/decisions/078-order-status-and-dialog-messages.md. */
export type OrderState =
  | 'pending'
  | 'paid'
  | 'completed'
  | 'refunding'
  | 'refunded'
  | 'failed'
  | 'canceled'
  | 'expired';

type Db = Kysely<Database> | Transaction<Database>;
/** Columns written with the move, never `status` itself. */
export type OrderMoveFields = Omit<UpdateObject<Database, 'orders'>, 'status'>;

/**
 * Moves order `orderId` from `from` (one or several states) to `to` with `set`, only while it is in
 * `from` (and, with `leaseOwner`, while that process holds its lease); answers whether it moved.
 */
export async function moveOrder(
  db: Db,
  orderId: number,
  from: OrderState | readonly OrderState[],
  to: OrderState,
  set: OrderMoveFields = {},
  leaseOwner?: string,
): Promise<boolean> {
  const froms = typeof from === 'string' ? [from] : [...from];
  const result = await db
    .updateTable('orders')
    .set({ ...set, status: to } as UpdateObject<Database, 'orders'>)
    .where('id', '=', orderId)
    .where('status', 'in', froms)
    .$if(leaseOwner !== undefined, (q) => q.where('lease_owner', '=', leaseOwner ?? ''))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether a paid payment's amount is not its order's: then it is logged for the staff and not applied
 * (money-and-billing.md "Money and credits": a payment settles only the order it was made for).
 * @param what the payment's kind in the log line, e.g. 'a top-up payment'
 */
export function paidAmountDiffers(
  ctx: Pick<AppContext, 'log'>,
  order: Pick<Order, 'id' | 'amount_cents'>,
  payment: Pick<PaymentState, 'id' | 'amountCents'>,
  what = 'a payment',
): boolean {
  if (payment.amountCents === order.amount_cents) return false;
  ctx.log.error(
    {
      paymentId: payment.id,
      amountCents: payment.amountCents,
      orderId: order.id,
      orderCents: order.amount_cents,
    },
    `${what} whose amount differs from its order: not applied`,
  );
  return true;
}
