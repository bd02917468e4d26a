/**
 * Referrers (product.md "Dashboard home", "States and transitions", "Validation rules") and the referral
 * bonus (docs/decisions/050-referral-bonus.md).
 */
import { REASONS } from '@falkenhost/contracts/errors';
import { divRoundHalfUp, referralBaseCents, referralBonusUnits } from '@falkenhost/contracts/money';
import type { Kysely, Transaction } from 'kysely';
import { setReferrerId } from '../identity/user-fields';
import { findByUsername } from '../identity/users';
import type { Dialect } from '../platform/db/dialect';
import type { Database, Order } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { applyLedgerEntry, ledgerSum, takeUpTo } from './ledger';

/** The user's referrer's username, or null. */
export async function referrerOf(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('users as r', 'r.id', 'u.referrer_id')
    .select('r.username')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row?.username ?? null;
}

/**
 * Sets the referrer once; answers their username.
 * @throws AppError 400 referrer-exists, 404 referrer-not-found, 400 referrer-self
 */
export async function setReferrer(
  db: Kysely<Database>,
  userId: number,
  username: string,
  now: number,
): Promise<string> {
  if (await referrerOf(db, userId)) throw new AppError(400, REASONS.referrerExists);
  const referrer = await findByUsername(db, username.trim());
  if (referrer?.active !== 1) throw new AppError(404, REASONS.referrerNotFound);
  if (referrer.id === userId) throw new AppError(400, REASONS.referrerSelf);
  if (!(await setReferrerId(db, userId, referrer.id, now))) throw new AppError(400, REASONS.referrerExists);
  return referrer.username;
}

/**
 * Checks a referrer typed into an order dialog without setting it.
 * @returns the referrer's id, or null when the field is empty or the user's referrer is already locked
 * @throws as setReferrer
 */
export async function checkOrderReferrer(
  db: Kysely<Database>,
  userId: number,
  username: string,
): Promise<number | null> {
  if (!username.trim()) return null;
  const user = await db
    .selectFrom('users')
    .select('referrer_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.referrer_id !== null) return null;
  const referrer = await findByUsername(db, username.trim());
  if (referrer?.active !== 1) throw new AppError(404, REASONS.referrerNotFound);
  if (referrer.id === userId) throw new AppError(400, REASONS.referrerSelf);
  return referrer.id;
}

/**
 * Credits the referrer of `userId` the bonus of one payment, once (`referral:<paymentReference>`): 5 % of
 * the payment without its fee (money.ts `referralBaseCents`, `referralBonusUnits`;
 * docs/decisions/050-referral-bonus.md). Nothing when the user has no referrer or the bonus is 0.
 * @param payment what the payment took, fee included (`amountCents`), and its fee (`feeCents`), in cents
 * @throws RangeError when the fee exceeds the amount; a unique-constraint error when already paid
 */
export async function payReferralBonus(
  trx: Transaction<Database>,
  userId: number,
  payment: { amountCents: number; feeCents: number },
  paymentReference: string,
  now: number,
): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select('referrer_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const bonus = referralBonusUnits(referralBaseCents(payment.amountCents, payment.feeCents));
  if (user.referrer_id === null || bonus <= 0) return;
  await applyLedgerEntry(trx, {
    userId: user.referrer_id,
    amount: bonus,
    kind: 'referral',
    reference: `referral:${paymentReference}`,
    now,
  });
}

/** Sets the referrer chosen in an order dialog (`checkOrderReferrer`'s id; null: nothing) inside `trx`. */
export async function setOrderReferrer(
  trx: Transaction<Database>,
  userId: number,
  referrerId: number | null,
  now: number,
): Promise<void> {
  if (referrerId === null) return;
  await setReferrerId(trx, userId, referrerId, now);
}

/**
 * Takes back the referrer's bonus of a refunded or charged-back order in proportion, as far as the
 * referrer's balance holds; applied once per cumulative `takenBackCents`.
 */
export async function reverseReferralBonus(
  trx: Transaction<Database>,
  dialect: Dialect,
  order: Pick<Order, 'id' | 'amount_cents'>,
  takenBackCents: number,
  now: number,
): Promise<void> {
  const bonus = await trx
    .selectFrom('credit_ledger')
    .select(['user_id', 'amount'])
    .where('reference', '=', `referral:order:${order.id}`)
    .executeTakeFirst();
  if (!bonus || bonus.amount <= 0) return;
  const previous = await ledgerSum(trx, bonus.user_id, `referral-reversal:order:${order.id}:`);
  const owed = divRoundHalfUp(bonus.amount * takenBackCents, order.amount_cents);
  await takeUpTo(trx, dialect, {
    userId: bonus.user_id,
    units: Math.max(0, owed + previous),
    kind: 'reversal',
    reference: `referral-reversal:order:${order.id}:${takenBackCents}`,
    now,
  });
}
