/**
 * The overview's figures by clock hour (docs/decisions/312-staff-overview.md): each computed by a GROUP BY
 * over one index range of our own tables, and kept in `overview_hours` once the hour has closed, so a
 * period reads at most 8 784 kept rows and the open hour instead of every ledger row.
 */
import { type RawBuilder, sql } from 'kysely';
import { HOUR_MS, MINUTE_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import type { OverviewHoursTable } from '../platform/db/schema';

/**
 * An hour is kept once it ended this long ago: every row dated in it (at the product's clock when
 * written) has committed by then.
 */
export const HOUR_CLOSE_MARGIN_MS = 5 * MINUTE_MS;
const INSERT_CHUNK = 500;

export type HourFigures = Omit<OverviewHoursTable, 'hour_start'>;

/** The kinds of order whose invoices and credit notes make each revenue column. */
const REVENUE_COLUMNS = {
  credits: 'revenue_credits',
  'package-card': 'revenue_first',
  renewal: 'revenue_renewal',
  // A month paid in grace after a failed renewal is that renewal's revenue (decision 421).
  'renewal-retry': 'revenue_renewal',
  'renewal-card': 'revenue_renewal',
  'unsuspend-card': 'revenue_unsuspend',
  'auto-top-up': 'revenue_top_up',
} as const;
/** Ledger kinds that pay for servers (less `refund`: credits given back for an order that failed). */
const SPENT_KINDS = ['server-order', 'server-hour', 'addon', 'package-change', 'refund'];

export function emptyHour(): HourFigures {
  return {
    revenue_credits: 0,
    revenue_first: 0,
    revenue_renewal: 0,
    revenue_unsuspend: 0,
    revenue_top_up: 0,
    credits_sold: 0,
    credits_spent: 0,
    new_customers: 0,
    servers_deleted: 0,
    failed_renewals: 0,
  };
}

/** `(column - from) / 1 hour`: the hour's index from `from`, an integer division on both databases. */
function hourIndex(column: string, from: number): RawBuilder<number> {
  return sql<number>`(${sql.ref(column)} - cast(${from} as bigint)) / ${sql.lit(HOUR_MS)}`;
}

/**
 * The figures of each hour of [from, to), from our own tables, by SQL aggregation:
 * - revenue: invoices less credit notes (cents) by their issue time, by the kind of their order;
 * - credits sold: `purchase` ledger entries less credits taken back after a refund or chargeback of the
 *   credit order (`reversal:order:*`); spent: what servers cost (SPENT_KINDS), 1/10 000 credit;
 * - new customers (accounts not admin or master), servers deleted, renewals that ended unpaid.
 * @param from whole hour, epoch ms; @param to whole hour, or null for everything from `from` on
 * @returns hour start (epoch ms) -> figures; hours with nothing are left out
 */
export async function hourFigures(
  ctx: AppContext,
  from: number,
  to: number | null,
): Promise<Map<number, HourFigures>> {
  const { db } = ctx;
  const within = (column: string) =>
    to === null
      ? sql<boolean>`${sql.ref(column)} >= ${from}`
      : sql<boolean>`${sql.ref(column)} >= ${from} and ${sql.ref(column)} < ${to}`;
  const [revenue, ledger, customers, deleted, failed] = await Promise.all([
    db
      .selectFrom('invoices as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select([
        hourIndex('i.issued_at', from).as('h'),
        'o.kind',
        (eb) => eb.fn.sum<number>('i.total_cents').as('n'),
      ])
      .where(within('i.issued_at'))
      .where('o.kind', 'in', Object.keys(REVENUE_COLUMNS))
      .groupBy([sql`1`, 'o.kind'])
      .execute(),
    db
      .selectFrom('credit_ledger')
      .select([
        hourIndex('created_at', from).as('h'),
        sql<number>`sum(case when kind = 'purchase' or (kind = 'reversal' and reference like 'reversal:order:%') then amount else 0 end)`.as(
          'sold',
        ),
        sql<number>`sum(case when kind in (${sql.join(SPENT_KINDS)}) then -amount else 0 end)`.as('spent'),
      ])
      .where(within('created_at'))
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('users')
      .select([hourIndex('created_at', from).as('h'), (eb) => eb.fn.countAll<number>().as('n')])
      .where(within('created_at'))
      .where('role', 'not in', ['admin', 'master'])
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('user_packages')
      .select([hourIndex('deleted_at', from).as('h'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('deleted_at', 'is not', null)
      .where(within('deleted_at'))
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('orders')
      .select([hourIndex('completed_at', from).as('h'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', '=', 'renewal')
      .where('status', 'in', ['failed', 'canceled', 'expired'])
      .where(within('completed_at'))
      .groupBy(sql`1`)
      .execute(),
  ]);
  const hours = new Map<number, HourFigures>();
  const hour = (h: number | string) => {
    const start = from + Number(h) * HOUR_MS;
    let figures = hours.get(start);
    if (!figures) {
      figures = emptyHour();
      hours.set(start, figures);
    }
    return figures;
  };
  for (const r of revenue) {
    const column = REVENUE_COLUMNS[r.kind as keyof typeof REVENUE_COLUMNS];
    hour(r.h)[column] += Number(r.n);
  }
  for (const r of ledger) {
    const figures = hour(r.h);
    figures.credits_sold += Number(r.sold);
    figures.credits_spent += Number(r.spent);
  }
  for (const r of customers) hour(r.h).new_customers += Number(r.n);
  for (const r of deleted) hour(r.h).servers_deleted += Number(r.n);
  for (const r of failed) hour(r.h).failed_renewals += Number(r.n);
  return hours;
}

/** Computes and keeps every hour of [from, to) (empty ones too, so kept hours are one unbroken range). */
async function keepHours(ctx: AppContext, from: number, to: number): Promise<void> {
  if (to <= from) return;
  const figures = await hourFigures(ctx, from, to);
  const rows = [];
  for (let start = from; start < to; start += HOUR_MS)
    rows.push({ hour_start: start, ...(figures.get(start) ?? emptyHour()) });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await ctx.db
      .insertInto('overview_hours')
      .values(rows.slice(i, i + INSERT_CHUNK))
      // Another instance kept the same hour at the same time: its figures are the same.
      .onConflict((oc) => oc.column('hour_start').doNothing())
      .execute();
  }
}

/**
 * Makes sure every closed hour of [from, closedEnd) is kept, extending the kept range at either end.
 * @param from, closedEnd whole hours, epoch ms; closedEnd at most now - HOUR_CLOSE_MARGIN_MS
 */
export async function keepClosedHours(ctx: AppContext, from: number, closedEnd: number): Promise<void> {
  if (closedEnd <= from) return;
  const kept = await ctx.db
    .selectFrom('overview_hours')
    .select([(eb) => eb.fn.min('hour_start').as('first'), (eb) => eb.fn.max('hour_start').as('last')])
    .executeTakeFirst();
  if (kept?.first == null || kept.last == null) return keepHours(ctx, from, closedEnd);
  const first = Number(kept.first);
  const next = Number(kept.last) + HOUR_MS;
  if (from < first) await keepHours(ctx, from, Math.min(first, closedEnd));
  if (next < closedEnd) await keepHours(ctx, next, closedEnd);
}

/** The last whole hour that has closed at `now` (epoch ms): hours before it may be kept. */
export function closedUntil(now: number): number {
  return Math.floor((now - HOUR_CLOSE_MARGIN_MS) / HOUR_MS) * HOUR_MS;
}
