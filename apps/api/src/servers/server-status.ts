/**
 * The one place an owned server's (`user_packages`) status changes (one writer per state
 * machine). Each move names the state it leaves and the one it enters, and is conditional on the first,
 * so two processes deciding at once move the row once.
 */
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
  type UpdateObject,
} from 'kysely';
import type { Database } from '../platform/db/schema';

/**
 * An owned server's states (money-and-billing.md "Billing", "Suspend period"):
 * - provisioning -> paid (the panel's server adopted) | failed (never made: refunded, hidden)
 * - paid -> suspended (unpaid hour, paid period over) | deleting (the customer deletes an hourly server)
 * - suspended -> paid (unsuspended, a renewal or an unsuspend payment) | deleting (SUSPEND_DAYS passed)
 * - deleting -> deleted (the panel queue deleted it)
 * - any live state -> failed (a card order refunded: its server row is given up)
 * `cancelled` is a legacy value some rows may hold; it is treated as live.
 */
export type ServerStatus =
  | 'provisioning'
  | 'paid'
  | 'suspended'
  | 'cancelled'
  | 'deleting'
  | 'deleted'
  | 'failed';

/** Every state but the two ends (failed, deleted). */
export const LIVE_SERVER_STATES: readonly ServerStatus[] = [
  'provisioning',
  'paid',
  'suspended',
  'cancelled',
  'deleting',
];

type Db = Kysely<Database> | Transaction<Database>;
/** Columns written with the move (values or SQL expressions), never `status` itself. */
export type ServerMoveFields = Omit<UpdateObject<Database, 'user_packages'>, 'status'>;
/** A further condition of the move (e.g. the paid period is over), checked in the same statement. */
export type ServerMoveGuard = (eb: ExpressionBuilder<Database, 'user_packages'>) => Expression<SqlBool>;

/**
 * Moves owned server `id` (or each of `ids`) from `from` (a state or any of several) to `to`, writing
 * `set` with it, only where the row is in `from` and `guard` holds.
 * @returns whether a row moved (for several ids: whether any did)
 */
export async function moveServer(
  db: Db,
  id: number | readonly number[],
  from: ServerStatus | readonly ServerStatus[],
  to: ServerStatus,
  set: ServerMoveFields = {},
  guard?: ServerMoveGuard,
): Promise<boolean> {
  const ids = typeof id === 'number' ? [id] : [...id];
  if (ids.length === 0) return false;
  const froms = typeof from === 'string' ? [from] : [...from];
  const result = await db
    .updateTable('user_packages')
    .set({ ...set, status: to } as UpdateObject<Database, 'user_packages'>)
    .where('id', 'in', ids)
    // An expression, not the column: SQLite without statistics would otherwise read every row in that
    // state through user_packages_billing_due instead of the ids by key (the tick's batch suspensions).
    .where(sql<string>`status || ''`, 'in', froms)
    .$if(guard !== undefined, (q) => q.where((eb) => (guard as ServerMoveGuard)(eb)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
