/** The one place an order's status changes; each move is conditional on the state it leaves. */
import type { Kysely, Transaction, UpdateObject } from 'kysely';
import type { Database } from '../../platform/db/schema';

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
