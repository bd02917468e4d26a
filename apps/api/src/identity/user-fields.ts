/** The only writes other modules make to a user's row (billing's ledger alone moves `credits`). */

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function setPanelUserId(db: Db, userId: number, panelUserId: number): Promise<void> {
  await db.updateTable('users').set({ ptero_user_id: panelUserId }).where('id', '=', userId).execute();
}

/** Forgets the panel user `was` (the panel no longer has it), unless another process already replaced it. */
export async function clearPanelUserId(db: Db, userId: number, was: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ ptero_user_id: null })
    .where('id', '=', userId)
    .where('ptero_user_id', '=', was)
    .execute();
}

/** Records the user's Mollie customer (`cst_...`); the first one stays. */
export async function setMollieCustomerId(db: Db, userId: number, customerId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ mollie_customer_id: customerId })
    .where('id', '=', userId)
    .where('mollie_customer_id', 'is', null)
    .execute();
}

/**
 * Sets the user's referrer once (product.md "States and transitions"). @returns true when set now, false when
 * one was set already
 */
export async function setReferrerId(
  db: Db,
  userId: number,
  referrerId: number,
  now: number,
): Promise<boolean> {
  const set = await db
    .updateTable('users')
    .set({ referrer_id: referrerId, updated_at: now })
    .where('id', '=', userId)
    .where('referrer_id', 'is', null)
    .executeTakeFirst();
  return Number(set.numUpdatedRows) === 1;
}

export async function setTimeZone(db: Db, userId: number, timeZone: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ time_zone: timeZone, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function clearLowBalanceWarning(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ low_balance_warned_at: null }).where('id', '=', userId).execute();
}

/** Marks the user warned about a low balance at `at` (ms), once. @returns true when this call set it */
export async function markLowBalanceWarned(db: Db, userId: number, at: number): Promise<boolean> {
  const marked = await db
    .updateTable('users')
    .set({ low_balance_warned_at: at })
    .where('id', '=', userId)
    .where('low_balance_warned_at', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}
