/**
 * The mechanics our queues share, on SQLite and PostgreSQL alike: a due row is leased by a conditional
 * update (several instances never take the same one), a failed try is retried after a doubling delay, and
 * a job runs once per slot. The queues live in their owners' tables (decisions/009-queues-in-own-tables.md);
 * the caller names the table, so each table is still written only through its owner's code.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import type { Database } from './db/schema';

type Db = Kysely<Database> | Transaction<Database>;
/** The tables of `Database` that have the given columns. */
type TablesWith<Columns> = { [T in keyof Database]: Database[T] extends Columns ? T : never }[keyof Database];
/** A condition on one row of `T` (e.g. `(eb) => eb('status', '=', 'pending')`). */
export type RowCondition<T extends keyof Database> = (
  eb: ExpressionBuilder<Database, T>,
) => Expression<SqlBool>;

/** Queues retried by time: `next_attempt_at` (also a running row's lease), `attempts`, `last_error`. */
export type RetryTable = TablesWith<{ next_attempt_at: number; last_error: string | null }>;
/** Rows held by one process at a time: `locked_until` and `lease_owner`. */
export type LeaseTable = TablesWith<{ locked_until: number | null; lease_owner: string | null }>;
/** One row per job name holding the last slot (`last_hour`) it ran for. */
export type SlotTable = TablesWith<{ name: string; last_hour: number }>;

/** How a queue leases and retries its rows (milliseconds). */
export interface RetryPolicy {
  /** how long a try holds its row; another instance may take the row over after */
  leaseMs: number;
  /** the delay after the first failed try, doubled after each further one */
  firstRetryMs: number;
  /** the longest delay */
  maxRetryMs: number;
}

/**
 * The delay before the try after try number `attempt` (1 for the first) failed: `firstRetryMs`,
 * then twice as long each time, at most `maxRetryMs`.
 */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** (attempt - 1));
}

/**
 * Leases one due row of a retry queue until `until`, counting the try: a conditional update on the
 * `next_attempt_at` the caller read, so of several instances that read the row exactly one gets it.
 * @param open the condition that keeps the row in the queue (e.g. not done yet)
 * @returns true when this caller holds the row (its `attempts` is now `row.attempts + 1`)
 */
export async function leaseRow<T extends RetryTable>(
  db: Db,
  table: T,
  row: { id: number; attempts: number; next_attempt_at: number },
  until: number,
  open: RowCondition<T>,
): Promise<boolean> {
  const leased = await db
    .updateTable(table as RetryTable)
    .set({ next_attempt_at: until, attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('next_attempt_at', '=', row.next_attempt_at)
    .where(open as RowCondition<RetryTable>)
    .executeTakeFirst();
  return Number(leased.numUpdatedRows) === 1;
}

/** Puts a row whose try failed back in its queue at `at`, with the error (its first 500 characters). */
export async function retryLater(
  db: Db,
  table: RetryTable,
  id: number,
  at: number,
  error: unknown,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ next_attempt_at: at, last_error: String(error).slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes the lease on one row for `owner` until `until` when nobody holds it (never leased, released, or
 * its holder's lease ran out before `now`): a conditional update, so one process at a time holds it.
 * @param open a further condition the row must meet (e.g. its status)
 * @returns true when `owner` now holds the row
 */
export async function takeLease<T extends LeaseTable>(
  db: Db,
  table: T,
  id: number,
  lease: { owner: string; now: number; until: number },
  open: RowCondition<T>,
): Promise<boolean> {
  const leased = await db
    .updateTable(table as LeaseTable)
    .set({ locked_until: lease.until, lease_owner: lease.owner })
    .where('id', '=', id)
    .where(open as RowCondition<LeaseTable>)
    .where(leaseFree(lease.now))
    .executeTakeFirst();
  return Number(leased.numUpdatedRows) === 1;
}

/** The condition of a row nobody holds at `now` (for selecting rows to lease). */
export function leaseFree(now: number): RowCondition<LeaseTable> {
  return (eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]);
}

/** Inside a transaction: whether `owner` still holds the row (a holder past its lease may have lost it). */
export async function holdsLease(db: Db, table: LeaseTable, id: number, owner: string): Promise<boolean> {
  const row = await db.selectFrom(table).select('lease_owner').where('id', '=', id).executeTakeFirst();
  return row?.lease_owner === owner;
}

/** Gives the row's lease back if `owner` still holds it (a holder past its lease releases nothing). */
export async function releaseLease(db: Db, table: LeaseTable, id: number, owner: string): Promise<void> {
  await db
    .updateTable(table)
    .set({ locked_until: null, lease_owner: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Claims the job `name` for `slot` (a number that grows: an hour's start, a period's index): an upsert
 * that moves the job's last slot forward only when it is behind, atomic on both databases.
 * @returns true for exactly one caller per job and slot
 */
export async function claimSlot(db: Db, table: SlotTable, name: string, slot: number): Promise<boolean> {
  const row = await db
    .insertInto(table)
    .values({ name, last_hour: slot })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ last_hour: slot }).where(`${table}.last_hour`, '<', slot),
    )
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}
