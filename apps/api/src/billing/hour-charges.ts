/**
 * The hourly tick's batch charge of server-hours: every balance in one UPDATE and every ledger row in one
 * INSERT, so a batch of thousands of servers costs a few statements. Besides applyLedgerEntry (ledger.ts)
 * the only writer of `users.credits`: the balance moves with its ledger rows, in the tick's transaction.
 */
import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../platform/db/dialect';
import type { Database } from '../platform/db/schema';

/** One server-hour paid from a customer's balance. */
export interface ServerHourCharge {
  userId: number;
  /** the hour's price in 1/10 000 credit (> 0) */
  units: number;
  /** unique per server and hour: `server-hour:<user_packages.id>:<hour start, epoch ms>` */
  reference: string;
  /** the customer's balance after this charge, in 1/10 000 credit */
  balanceAfter: number;
}

interface LedgerRow {
  user_id: number;
  amount: number;
  kind: string;
  reference: string;
  balance_after: number;
  created_at: number;
}

/**
 * Inside the tick's batch transaction: takes each customer's total of `charges` from their balance and
 * writes one `server-hour` ledger row per charge. The caller has locked the customers' rows and checked
 * that each balance pays its charges; the CHECK on `users.credits` keeps balances >= 0.
 * @param now epoch ms, written as `updated_at` and `created_at`
 * @throws the database's errors (a repeated reference violates the ledger's unique key)
 */
export async function chargeServerHours(
  trx: Transaction<Database>,
  dialect: Dialect,
  charges: readonly ServerHourCharge[],
  now: number,
): Promise<void> {
  const debits = new Map<number, number>();
  for (const charge of charges) debits.set(charge.userId, (debits.get(charge.userId) ?? 0) + charge.units);
  const ledger = charges.map((charge) => ({
    user_id: charge.userId,
    amount: -charge.units,
    kind: 'server-hour',
    reference: charge.reference,
    balance_after: charge.balanceAfter,
    created_at: now,
  }));
  await debitBalances(trx, dialect, debits, now);
  await yieldToLoop();
  await insertLedger(trx, dialect, ledger);
}

/** Lets timers and I/O run between the statements of a batch (better-sqlite3 runs synchronously). */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Takes each customer's total of the batch in one statement (the CHECK keeps balances >= 0). */
async function debitBalances(
  trx: Transaction<Database>,
  dialect: Dialect,
  debits: Map<number, number>,
  now: number,
): Promise<void> {
  if (debits.size === 0) return;
  const ids = [...debits.keys()];
  const amounts = [...debits.values()];
  if (dialect === 'postgres') {
    await sql`update users set credits = credits - v.amount, updated_at = ${now}
      from (select unnest(${ids}::int[]) as id, unnest(${amounts}::bigint[]) as amount) as v
      where users.id = v.id`.execute(trx);
    return;
  }
  for (let i = 0; i < ids.length; i += 500) {
    const values = sql.join(ids.slice(i, i + 500).map((id, j) => sql`(${id}, ${amounts[i + j]})`));
    await sql`with v(id, amount) as (values ${values})
      update users set credits = credits - v.amount, updated_at = ${now}
      from v where users.id = v.id`.execute(trx);
  }
}

/** Writes the batch's ledger rows: one INSERT (PostgreSQL from arrays, SQLite in chunks of 500 rows). */
async function insertLedger(trx: Transaction<Database>, dialect: Dialect, rows: LedgerRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (dialect === 'postgres') {
    const col = <K extends keyof LedgerRow>(key: K) => rows.map((r) => r[key]);
    await sql`insert into credit_ledger (user_id, amount, kind, reference, balance_after, created_at)
      select * from unnest(${col('user_id')}::int[], ${col('amount')}::bigint[], ${col('kind')}::text[],
        ${col('reference')}::text[], ${col('balance_after')}::bigint[], ${col('created_at')}::bigint[])`.execute(
      trx,
    );
    return;
  }
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('credit_ledger')
      .values(rows.slice(i, i + 500))
      .execute();
    await yieldToLoop();
  }
}
