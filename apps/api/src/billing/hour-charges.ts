/**
 * Charging and refunding a server-hour: the one place a server's hour of running is taken from a balance
 * or given back (docs/decisions/060-hourly-billing-clock-hours.md, 070-server-by-credits.md,
 * 066-suspension-and-deletion.md, 152-panel-reconciler.md). Every charge and refund of an hour goes through
 * a function of this file, which alone writes their ledger kinds and references:
 * - the order's first hour: `server-order` `server-order:<user_packages.id>` (`chargeServerHour`, `'order'`);
 * - an hour paid on unsuspend: `server-hour` `server-hour:<id>:<hour start>` (`chargeServerHour`);
 * - each further hour, in the hourly tick's batches: `server-hour` `server-hour:<id>:<hour start>`
 *   (`chargeServerHours`), every balance in one UPDATE and every ledger row in one INSERT, so a batch of
 *   thousands of servers costs a few statements;
 * - a refund: `refund` `refund:server-order:<id>` (the failed order's first hour) or
 *   `refund:lost-server:<id>` (the hour a lost server prepaid) (`refundServerHour`).
 * The hour's price is money.ts `hourlyUnits`; `billed_until`, the hour paid, moves in
 * servers/billed-hours.ts. Besides applyLedgerEntry (ledger.ts) the only writer of `users.credits`: the
 * balance moves with its ledger rows, in the caller's transaction.
 */
import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../platform/db/dialect';
import type { Database } from '../platform/db/schema';
import { applyLedgerEntry, ledgerHas } from './ledger';

/** The ledger reference of the first hour, paid with the order of server `userPackageId`. */
function orderHourReference(userPackageId: number): string {
  return `server-order:${userPackageId}`;
}

/** The ledger reference of server `userPackageId`'s clock hour starting at `hour` (epoch ms); unique. */
function serverHourReference(userPackageId: number, hour: number): string {
  return `server-hour:${userPackageId}:${hour}`;
}

/** One server-hour charged on its own, in the caller's transaction. */
export interface OneServerHour {
  userId: number;
  /** the server (`user_packages.id`) */
  userPackageId: number;
  /** the hour's price in 1/10 000 credit (money.ts `hourlyUnits`); 0 charges nothing */
  units: number;
  /**
   * `'order'`: the first hour, paid with the order that makes the server; else the start (epoch ms) of the
   * clock hour an unsuspend pays
   */
  hour: 'order' | number;
  /** epoch ms, written as the ledger row's `created_at` */
  now: number;
}

/**
 * Inside the caller's transaction: takes one server-hour from the customer's balance, as one ledger row
 * (`server-order` for the order's first hour, `server-hour` for an hour paid on unsuspend). Nothing is
 * written when `units` is 0. An unsuspend's hour already in the ledger (paid before the suspension) is not
 * charged again.
 * @throws AppError 400 credits when the balance cannot pay the hour (nothing is written); the order's
 *   first hour: a unique-constraint error when its reference was already applied
 */
export async function chargeServerHour(trx: Transaction<Database>, charge: OneServerHour): Promise<void> {
  if (!(charge.units > 0)) return;
  if (charge.hour === 'order') {
    await applyLedgerEntry(trx, {
      userId: charge.userId,
      amount: -charge.units,
      kind: 'server-order',
      reference: orderHourReference(charge.userPackageId),
      now: charge.now,
    });
    return;
  }
  const reference = serverHourReference(charge.userPackageId, charge.hour);
  // This hour was paid before the suspension: nothing more to pay for it. Asked first, since a failed
  // ledger insert would leave the balance already moved (SQLite) or the transaction aborted (PostgreSQL).
  if (await ledgerHas(trx, reference)) return;
  await applyLedgerEntry(trx, {
    userId: charge.userId,
    amount: -charge.units,
    kind: 'server-hour',
    reference,
    now: charge.now,
  });
}

/** A server-hour given back to its customer, in the caller's transaction. */
export type HourRefund = { userId: number; userPackageId: number; now: number } & (
  | {
      /** the order of the server failed: what its first hour took comes back (`refund:server-order:<id>`) */
      reason: 'order-failed';
    }
  | {
      /** the panel lost the server in an hour it prepaid: `units` come back (`refund:lost-server:<id>`) */
      reason: 'server-lost';
      /** 1/10 000 credit, the hour's price (money.ts `hourlyUnits`); 0 refunds nothing */
      units: number;
    }
);

/**
 * Inside the caller's transaction: gives a server-hour back as one `refund` ledger row, once (the
 * reference is unique). `'order-failed'` refunds what the order's `server-order` row took, nothing when it
 * has none; `'server-lost'` refunds `units`, nothing when 0.
 * @returns the units refunded (1/10 000 credit; 0 when nothing was written)
 * @throws a unique-constraint error when the refund was already applied (the caller's transaction must end)
 */
export async function refundServerHour(trx: Transaction<Database>, refund: HourRefund): Promise<number> {
  if (refund.reason === 'server-lost') {
    if (!(refund.units > 0)) return 0;
    await applyLedgerEntry(trx, {
      userId: refund.userId,
      amount: refund.units,
      kind: 'refund',
      reference: `refund:lost-server:${refund.userPackageId}`,
      now: refund.now,
    });
    return refund.units;
  }
  const charged = await trx
    .selectFrom('credit_ledger')
    .select('amount')
    .where('reference', '=', orderHourReference(refund.userPackageId))
    .executeTakeFirst();
  if (!charged || !(Number(charged.amount) < 0)) return 0;
  await applyLedgerEntry(trx, {
    userId: refund.userId,
    amount: -Number(charged.amount),
    kind: 'refund',
    reference: `refund:${orderHourReference(refund.userPackageId)}`,
    now: refund.now,
  });
  return -Number(charged.amount);
}

/** One server-hour of the hourly tick's batch, paid from a customer's balance. */
export interface ServerHourCharge {
  userId: number;
  /** the server (`user_packages.id`) */
  userPackageId: number;
  /** start of the clock hour paid, epoch ms (the ledger reference `server-hour:<id>:<hour>`) */
  hour: number;
  /** the hour's price in 1/10 000 credit (> 0) */
  units: number;
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
 * writes one `server-hour` ledger row per charge (`server-hour:<id>:<hour start>`). The caller has locked the customers' rows and checked
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
    reference: serverHourReference(charge.userPackageId, charge.hour),
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
