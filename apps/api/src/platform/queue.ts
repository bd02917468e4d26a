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

/** A due row of a retry queue, as `leaseRow` reads it. */
export interface DueRow {
  id: number;
  attempts: number;
  next_attempt_at: number;
}

/** How `sendDueRows` drains one outbox-like queue; the queue's owner names its rows and their delivery. */
export interface SendQueue<T extends RetryTable, Row extends DueRow> {
  table: T;
  policy: RetryPolicy;
  /** the condition a row must still meet to be leased (e.g. not sent yet) */
  open: RowCondition<T>;
  /** up to `limit` rows due at `now` (epoch ms), oldest first */
  due(now: number, limit: number): Promise<Row[]>;
  /** delivers the leased row and records it as sent; throws when it must be tried again */
  deliver(row: Row): Promise<void>;
  /** told of a failed try after the row was put back for `retryInMs` (to log and count) */
  failed(row: Row, error: unknown, retryInMs: number): void;
}

/** Rows read per round of `sendDueRows`. */
const SEND_BATCH = 50;

/**
 * Drains a queue's due rows, oldest first, each under a lease of `policy.leaseMs`: a row another caller
 * leased is skipped; a failed delivery puts the row back after `retryDelay` (never dropped). Stops when
 * nothing is due or a round leased nothing. A crash mid-delivery leaves the row leased until its lease
 * runs out, then it is delivered again: at least once (decisions 009, 013, 191). One drain of a queue at a
 * time per process: a call while one runs asks it for another round and shares its result, because the
 * lease is on the product's clock, which the demo moves by hours in milliseconds, and two drains of one
 * process would both see a lease in flight run out and deliver its row twice.
 * @param now the clock (epoch ms), read per round and per outcome
 * @returns how many rows were delivered
 */
export function sendDueRows<T extends RetryTable, Row extends DueRow>(
  db: Kysely<Database>,
  now: () => number,
  queue: SendQueue<T, Row>,
): Promise<number> {
  const key: string = queue.table;
  const byTable = draining.get(db) ?? new Map<string, Drain>();
  draining.set(db, byTable);
  const running = byTable.get(key);
  if (running) {
    running.again = true;
    return running.run;
  }
  const drain: Drain = { again: false, run: Promise.resolve(0) };
  drain.run = (async () => {
    let sent = 0;
    try {
      do {
        drain.again = false;
        sent += await drainDueRows(db, now, queue);
      } while (drain.again);
    } finally {
      byTable.delete(key);
    }
    return sent;
  })();
  byTable.set(key, drain);
  return drain.run;
}

/** A drain running in this process and whether a caller asked it for another round. */
interface Drain {
  again: boolean;
  run: Promise<number>;
}
/** The drains running in this process, per database handle and queue table. */
const draining = new WeakMap<object, Map<string, Drain>>();

/** One drain of `sendDueRows`: rounds of due rows until none is due or a round leased nothing. */
async function drainDueRows<T extends RetryTable, Row extends DueRow>(
  db: Kysely<Database>,
  now: () => number,
  queue: SendQueue<T, Row>,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const start = now();
    const due = await queue.due(start, SEND_BATCH);
    if (due.length === 0) return sent;
    let progressed = false;
    for (const row of due) {
      if (!(await leaseRow(db, queue.table, row, start + queue.policy.leaseMs, queue.open))) continue;
      progressed = true;
      try {
        await queue.deliver(row);
        sent += 1;
      } catch (error) {
        const delay = retryDelay(queue.policy, row.attempts + 1);
        await retryLater(db, queue.table, row.id, now() + delay, error);
        queue.failed(row, error, delay);
      }
    }
    if (!progressed) return sent;
  }
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
