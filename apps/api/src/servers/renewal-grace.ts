/**
 * Writes of a monthly server's grace after a failed renewal (money-and-billing.md "Monthly (card)",
 * docs/decisions/420-renewal-retries-and-grace.md), decided by the orders module: the grace begins, each
 * retry is claimed once, the next one is scheduled, or the last one failed. A paid renewal ends it
 * (server-records.ts `setPaidUntil`).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A running monthly server whose renewal failed enters its grace: it keeps running, the first retry is
 * due at `retryAt`, and it stops at `graceUntil` (epoch ms) unless paid. Only a server that runs, is not
 * cancelled, has a mandate to retry on and is not in grace already.
 * @returns false when the server is not such a server (nothing written)
 */
export async function startRenewalGrace(
  db: Db,
  userPackageId: number,
  grace: { failedAt: number; retryAt: number; graceUntil: number },
): Promise<boolean> {
  const started = await db
    .updateTable('user_packages')
    .set({
      renewal_failed_at: grace.failedAt,
      renewal_retry_at: grace.retryAt,
      grace_until: grace.graceUntil,
      renewal_tries: 0,
    })
    .where('id', '=', userPackageId)
    .where('status', '=', 'paid')
    .where('billing_type', '=', 'monthly')
    .where('cancelled_at', 'is', null)
    .where('mollie_mandate_id', 'is not', null)
    .where('grace_until', 'is', null)
    .executeTakeFirst();
  return Number(started.numUpdatedRows) === 1;
}

/**
 * Claims the retry due at `dueAt` (epoch ms) of a server in grace, once across processes: the next retry
 * is unset while this one runs and the count of tries goes up.
 * @returns the try's number (1-based), or null when another process claimed it or the grace ended
 */
export async function claimRenewalRetry(
  trx: Transaction<Database>,
  userPackageId: number,
  dueAt: number,
): Promise<number | null> {
  const row = await trx
    .updateTable('user_packages')
    .set({ renewal_retry_at: null, renewal_tries: sql<number>`renewal_tries + 1` })
    .where('id', '=', userPackageId)
    .where('renewal_retry_at', '=', dueAt)
    .where('grace_until', 'is not', null)
    .where('status', '=', 'paid')
    .returning('renewal_tries')
    .executeTakeFirst();
  return row ? row.renewal_tries : null;
}

/**
 * A retry failed and another is left: it is due at `retryAt`, and the server stops at `graceUntil`
 * (epoch ms; later than first told only when a try came late).
 * @returns false when the grace ended meanwhile (paid, cancelled, suspended)
 */
export async function scheduleRenewalRetry(
  db: Db,
  userPackageId: number,
  next: { retryAt: number; graceUntil: number },
): Promise<boolean> {
  const done = await db
    .updateTable('user_packages')
    .set({ renewal_retry_at: next.retryAt, grace_until: next.graceUntil })
    .where('id', '=', userPackageId)
    .where('grace_until', 'is not', null)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * The last retry failed (or nothing is left to retry on): the grace ends, the failed renewal stays, and
 * the server is suspended at the end of its paid period (monthly-expiry.ts), at once when it is over.
 * @returns false when it was not in grace (paid or ended meanwhile)
 */
export async function endRenewalGrace(db: Db, userPackageId: number): Promise<boolean> {
  const done = await db
    .updateTable('user_packages')
    .set({ grace_until: null, renewal_retry_at: null })
    .where('id', '=', userPackageId)
    .where('grace_until', 'is not', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** A payment with another card made `mandateId` the server's mandate; its subscription follows it. */
export async function setServerMandate(db: Db, userPackageId: number, mandateId: string): Promise<void> {
  await db
    .updateTable('user_packages')
    .set({ mollie_mandate_id: mandateId })
    .where('id', '=', userPackageId)
    .where('cancelled_at', 'is', null)
    .execute();
}

/** Mollie's subscription of the server now charges `mandateId`. */
export async function recordSubscriptionMandate(
  db: Db,
  userPackageId: number,
  subscriptionId: string,
  mandateId: string,
): Promise<void> {
  await db
    .updateTable('user_packages')
    .set({ subscription_mandate_id: mandateId })
    .where('id', '=', userPackageId)
    .where('mollie_subscription_id', '=', subscriptionId)
    .execute();
}
