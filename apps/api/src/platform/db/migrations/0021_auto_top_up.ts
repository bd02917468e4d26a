/**
 * Auto top-up from a saved card (issue 43 part 2, docs/decisions/425-auto-top-up-settings.md .. 429):
 * - `auto_top_ups`: one row per customer who set it up, written only by orders/top-ups/;
 * - `orders_open_top_up`: at most one open (pending) top-up order per customer, whatever instance or
 *   tick tries to start another (decisions/427);
 * - `orders_top_up_month`: a customer's top-up orders by time, what the monthly cap sums (decisions/426);
 * - `overview_hours.revenue_top_up`: the staff overview's own series for top-up revenue (hours kept
 *   before it read 0: there were no top-ups then).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function autoTopUpMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('auto_top_ups')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('threshold_units', big, (c) => c.notNull())
        .addColumn('amount_credits', 'integer', (c) => c.notNull())
        .addColumn('monthly_cap_cents', big, (c) => c.notNull())
        .addColumn('mandate_id', 'text')
        .addColumn('first_order_id', 'integer')
        .addColumn('billing_address', 'text')
        .addColumn('failed_at', big)
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('orders_open_top_up')
        .unique()
        .on('orders')
        .column('user_id')
        .where(sql<boolean>`kind = 'auto-top-up' and status = 'pending'`)
        .execute();
      await db.schema
        .createIndex('orders_top_up_month')
        .on('orders')
        .columns(['user_id', 'created_at'])
        .where(sql<boolean>`kind = 'auto-top-up'`)
        .execute();
      await db.schema
        .alterTable('overview_hours')
        .addColumn('revenue_top_up', big, (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
