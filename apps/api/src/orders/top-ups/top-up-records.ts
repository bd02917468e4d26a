/**
 * The rows of auto top-up (docs/decisions/425-auto-top-up-settings.md, 426-top-up-price-and-cap.md,
 * 427-top-ups-started-by-the-tick.md): a customer's `auto_top_ups` row, and the `auto-top-up` orders each
 * top-up is, written first as an intent. Every write of `auto_top_ups` is in this file.
 */
import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '@falkenhost/contracts/constants';
import type { PriceBreakdown } from '@falkenhost/contracts/money';
import type { BillingAddress } from '@falkenhost/contracts/store';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../platform/db/dialect';
import type { AutoTopUp, Database, Order } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** `orders.kind` of a top-up charged on the mandate. */
export const TOP_UP_KIND = 'auto-top-up';
/** Top-up orders that count against the monthly cap: open, or paid (failed ones took no money). */
export const CAPPED_STATUSES = ['pending', 'paid', 'completed', 'refunding', 'refunded'] as const;

export type AutoTopUpStatus = 'off' | 'on' | 'awaiting-payment';

/** What a customer chose, in the units stored. */
export interface AutoTopUpChoice {
  status: AutoTopUpStatus;
  /** 1/10 000 credit */
  thresholdUnits: number;
  /** whole credits */
  amountCredits: number;
  /** cents */
  monthlyCapCents: number;
  mandateId: string | null;
  firstOrderId: number | null;
  billingAddress: BillingAddress | null;
}

/** What a top-up order's `details` holds: the mandate charged, the price lines, the invoice's address. */
export interface TopUpDetails {
  customerId: string;
  mandateId: string;
  price: PriceBreakdown;
  billingAddress: BillingAddress | null;
}

/** The customer's row, or undefined when they never set auto top-up up. */
export async function readAutoTopUp(db: Db, userId: number): Promise<AutoTopUp | undefined> {
  return db.selectFrom('auto_top_ups').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Writes the customer's choice whole (insert or replace), `failed_at` cleared. @param now epoch ms */
export async function saveAutoTopUp(db: Db, userId: number, choice: AutoTopUpChoice, now: number) {
  const row = {
    status: choice.status,
    threshold_units: choice.thresholdUnits,
    amount_credits: choice.amountCredits,
    monthly_cap_cents: choice.monthlyCapCents,
    mandate_id: choice.mandateId,
    first_order_id: choice.firstOrderId,
    billing_address: choice.billingAddress ? JSON.stringify(choice.billingAddress) : null,
    failed_at: null,
    updated_at: now,
  };
  await db
    .insertInto('auto_top_ups')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

/**
 * Inside the transaction settling the first payment `orderId`: auto top-up goes on with the mandate that
 * payment made, only while it still waits for that very payment (the customer may have turned it off or
 * started another meanwhile). @returns whether it went on
 */
export async function turnOnWithMandate(
  trx: Transaction<Database>,
  userId: number,
  orderId: number,
  mandateId: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('auto_top_ups')
    .set({ status: 'on', mandate_id: mandateId, first_order_id: null, updated_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'awaiting-payment')
    .where('first_order_id', '=', orderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** After a failed top-up: off, with when it failed (the settings show it). @returns whether it was on */
export async function turnOffAfterFailure(db: Db, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('auto_top_ups')
    .set({ status: 'off', failed_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'on')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The start (epoch ms) of the calendar month of `t` in Europe/Prague, the month the cap counts. */
export function capMonthStart(t: number): number {
  const local = new TZDate(t, DEFAULT_TIME_ZONE);
  return new TZDate(local.getFullYear(), local.getMonth(), 1, DEFAULT_TIME_ZONE).getTime();
}

/** Cents the customer's top-ups took or hold since `from` (open and paid ones, fees included). */
export async function topUpCentsSince(db: Db, userId: number, from: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('sum'))
    .where('user_id', '=', userId)
    .where('kind', '=', TOP_UP_KIND)
    .where('created_at', '>=', from)
    .where('status', 'in', CAPPED_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** One top-up about to be charged: the intent row written before Mollie is called. */
export interface TopUpIntent {
  publicId: string;
  userId: number;
  /** credit units bought */
  creditsUnits: number;
  price: PriceBreakdown;
  details: TopUpDetails;
}

const INSERT_ROWS = 500;

/**
 * Writes pending `auto-top-up` orders, a few hundred per statement; a customer who has one open already
 * gets none (the unique index `orders_open_top_up`: an insert that would be a second is skipped).
 * @returns the rows written, whole (the charging step reads nothing back)
 */
export async function insertTopUpIntents(
  trx: Transaction<Database>,
  intents: readonly TopUpIntent[],
  now: number,
): Promise<Order[]> {
  const written: Order[] = [];
  for (let i = 0; i < intents.length; i += INSERT_ROWS) {
    const rows = await trx
      .insertInto('orders')
      .values(
        intents.slice(i, i + INSERT_ROWS).map((intent) => ({
          public_id: intent.publicId,
          user_id: intent.userId,
          kind: TOP_UP_KIND,
          status: 'pending',
          credits_amount: intent.creditsUnits,
          amount_cents: intent.price.total,
          fee_cents: intent.price.fee,
          discount_id: null,
          discount_bp: 0,
          payment_method: 'creditCard',
          mollie_payment_id: null,
          user_package_id: null,
          details: JSON.stringify(intent.details),
          created_at: now,
          completed_at: null,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .execute();
    written.push(...rows);
    // better-sqlite3 runs each statement synchronously: timers and I/O get a turn between them.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return written;
}

/** One customer whose balance is below their threshold, as the tick reads them. */
export interface TopUpCandidate {
  user_id: number;
  amount_credits: number;
  monthly_cap_cents: number;
  mandate_id: string;
  billing_address: string | null;
  mollie_customer_id: string;
  /** cents of their top-ups this month */
  spent: number;
}

/**
 * Up to `limit` customers after user `afterUserId` (by id) with auto top-up on, a mandate, a balance below
 * their threshold and no open top-up, with what their top-ups cost this month. PostgreSQL locks their
 * rows until the caller's transaction ends, skipping those another instance's tick holds (decisions/427).
 */
export async function topUpCandidates(
  trx: Transaction<Database>,
  dialect: Dialect,
  monthStart: number,
  afterUserId: number,
  limit: number,
): Promise<TopUpCandidate[]> {
  const rows = await trx
    .selectFrom('auto_top_ups as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.user_id',
      'a.amount_credits',
      'a.monthly_cap_cents',
      'a.mandate_id',
      'a.billing_address',
      'u.mollie_customer_id',
      sql<number>`(select coalesce(sum(o.amount_cents), 0) from orders o where o.user_id = a.user_id
        and o.kind = ${TOP_UP_KIND} and o.created_at >= ${monthStart}
        and o.status in (${sql.join(CAPPED_STATUSES)}))`.as('spent'),
    ])
    .where('a.user_id', '>', afterUserId)
    .where('a.status', '=', 'on')
    .where('a.mandate_id', 'is not', null)
    .where('u.mollie_customer_id', 'is not', null)
    .where('u.active', '=', 1)
    .where(sql<boolean>`u.credits < a.threshold_units`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orders as o')
            .select('o.id')
            .whereRef('o.user_id', '=', 'a.user_id')
            .where('o.kind', '=', TOP_UP_KIND)
            .where('o.status', '=', 'pending'),
        ),
      ),
    )
    .orderBy('a.user_id')
    .limit(limit)
    .$if(dialect === 'postgres', (q) => q.forUpdate(['a']).skipLocked())
    .execute();
  return rows.map((r) => ({
    ...r,
    mandate_id: r.mandate_id ?? '',
    mollie_customer_id: r.mollie_customer_id ?? '',
    spent: Number(r.spent),
    monthly_cap_cents: Number(r.monthly_cap_cents),
  }));
}
