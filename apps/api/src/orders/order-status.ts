/**
 * The one place an order's status changes (issue 29). Each move names the state it leaves and the one
 * it enters and is conditional on the first, so concurrent webhook deliveries, pollers and reconcilers
 * move an order once.
 */
import type { Kysely, Transaction, UpdateObject } from 'kysely';
import type { Database } from '../platform/db/schema';

/**
 * An order's states (`orders.status`). Orders paid from credits (package-credits, unsuspend) are written
 * `completed` at once. The others:
 * - pending -> completed: a credit order or a renewal paid (webhook or poller)
 * - pending -> failed | canceled | expired: the payment failed or was never made; a pending order
 *   without a Mollie payment after 10 minutes is failed
 * - pending -> paid: a card order's first payment (package-card, unsuspend-card) is in
 * - paid -> completed: its server is made or running again
 * - paid -> refunding: it cannot get its server (no room, the panel failing, the server gone)
 * - completed -> refunding: a paid renewal whose server is gone
 * - refunding -> refunded: Mollie refunded it
 * Moves of a card order carried under a lease also name the lease's owner (card-order-advance.ts).
 * The customer's view maps these to spec 4's values (order-view.ts).
 */
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
 * Moves order `orderId` from `from` (a state or any of several) to `to`, writing `set` with it, only
 * while the order is in `from` (and, with `leaseOwner`, while that process holds its lease).
 * @returns whether the order moved
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
