/**
 * The credit ledger (money-and-billing.md "Money and credits"): every change of a balance is a row written in
 * the same transaction as the balance, with a unique reference so a retried event cannot apply twice, and
 * the balance can never go below zero (conditional update).
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../platform/db/dialect';
import type { Database } from '../platform/db/schema';
import { AppError } from '../platform/errors';

export type LedgerKind =
  | 'purchase'
  | 'referral'
  | 'server-order'
  | 'server-hour'
  | 'refund'
  | 'addon'
  | 'package-change'
  | 'admin'
  /** credits taken back after a refund or chargeback of the payment that bought them */
  | 'reversal';

export interface LedgerEntry {
  userId: number;
  /** signed credit units (1/10 000 credit): positive credits the user, negative charges */
  amount: number;
  kind: LedgerKind;
  /** unique per event, e.g. `order:12`, `server-hour:5:2026-11-22T10` */
  reference: string;
  now: number;
}

/**
 * Applies one entry inside the caller's transaction.
 * @returns the balance after, in credit units
 * @throws AppError 400 credits when a charge would take the balance below zero (nothing is written);
 *   a unique-constraint error when the reference was already applied (the caller's transaction must end)
 */
export async function applyLedgerEntry(trx: Transaction<Database>, entry: LedgerEntry): Promise<number> {
  if (!Number.isSafeInteger(entry.amount)) throw new RangeError('ledger amount must be an integer');
  const updated = await trx
    .updateTable('users')
    .set((eb) => ({ credits: eb('credits', '+', entry.amount), updated_at: entry.now }))
    .where('id', '=', entry.userId)
    .where((eb) => eb(eb('credits', '+', entry.amount), '>=', 0))
    .returning('credits')
    .executeTakeFirst();
  if (!updated) throw new AppError(400, REASONS.credits);
  await trx
    .insertInto('credit_ledger')
    .values({
      user_id: entry.userId,
      amount: entry.amount,
      kind: entry.kind,
      reference: entry.reference,
      balance_after: updated.credits,
      created_at: entry.now,
    })
    .execute();
  return updated.credits;
}

/** True when an entry with this reference exists. */
export async function ledgerHas(
  db: Kysely<Database> | Transaction<Database>,
  reference: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes up to `units` from a balance, as much as it holds (a refund or chargeback must be recorded even
 * when the credits are already spent), as one ledger entry, possibly of 0.
 * @param units positive credit units to take
 * @returns the units actually taken (0 to `units`)
 * @throws a unique-constraint error when the reference was already applied
 */
export async function takeUpTo(
  trx: Transaction<Database>,
  dialect: Dialect,
  entry: Omit<LedgerEntry, 'amount'> & { units: number },
): Promise<number> {
  if (!Number.isSafeInteger(entry.units) || entry.units < 0) throw new RangeError('units must be >= 0');
  // PostgreSQL locks the row until the entry is written; SQLite runs one transaction at a time.
  const { credits } = await trx
    .selectFrom('users')
    .select('credits')
    .where('id', '=', entry.userId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  const taken = Math.min(credits, entry.units);
  await applyLedgerEntry(trx, { ...entry, amount: -taken });
  return taken;
}

/**
 * Sum of a user's ledger entries whose reference starts with `prefix` (signed credit units; 0 when none),
 * e.g. what earlier reversals of one order took.
 */
export async function ledgerSum(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  prefix: string,
): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('user_id', '=', userId)
    .where('reference', 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}
