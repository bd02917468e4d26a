/** The lease-and-retry mechanics our queues share (docs/decisions/009-queues-in-own-tables.md). */
import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import type { Database } from './db/schema';

type Db = Kysely<Database> | Transaction<Database>;
type TablesWith<Columns> = { [T in keyof Database]: Database[T] extends Columns ? T : never }[keyof Database];
export type RowCondition<T extends keyof Database> = (
  eb: ExpressionBuilder<Database, T>,
) => Expression<SqlBool>;

/** Queues retried by time. */
export type RetryTable = TablesWith<{ next_attempt_at: number; last_error: string | null }>;
/** Rows held by one process at a time. */
export type LeaseTable = TablesWith<{ locked_until: number | null; lease_owner: string | null }>;
export type SlotTable = TablesWith<{ name: string; last_hour: number }>;

/** How a queue leases and retries its rows (milliseconds). */
export interface RetryPolicy {
  /** how long a try holds its row */
  leaseMs: number;
  firstRetryMs: number;
  maxRetryMs: number;
}

/** The delay after try `attempt` (1-based) failed: `firstRetryMs` doubling up to `maxRetryMs`. */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** (attempt - 1));
}

/**
 * Leases one due row of a retry queue until `until` (conditional update on `next_attempt_at`).
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

/** Puts a row whose try failed back in its queue at `at`, with the error (truncated). */
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

/** Leases the row for `owner` until `until` when nobody holds it. @returns true when `owner` now holds it */
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

export function leaseFree(now: number): RowCondition<LeaseTable> {
  return (eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]);
}

export async function holdsLease(db: Db, table: LeaseTable, id: number, owner: string): Promise<boolean> {
  const row = await db.selectFrom(table).select('lease_owner').where('id', '=', id).executeTakeFirst();
  return row?.lease_owner === owner;
}

export async function releaseLease(db: Db, table: LeaseTable, id: number, owner: string): Promise<void> {
  await db
    .updateTable(table)
    .set({ locked_until: null, lease_owner: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Claims job `name` for `slot` (a growing number). @returns true for exactly one caller per job and slot */
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
