/**
 * The staff overview (issue 31 part 1, docs/decisions/312-staff-overview.md): its hourly figures kept
 * once an hour has closed (`overview_hours`, written only by staff/overview-hours.ts), and the indexes its
 * ranges read by time. The ledger's and the invoices' indexes grow at their right edge only (rows are
 * written at the clock's time); the deletions' and the monthly servers' indexes are partial, so the
 * billing tick's update of every running hourly server writes neither (decision 061). The monthly one
 * covers MRR now and at a period's start, read without the servers' rows.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function staffOverviewMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('overview_hours')
        .addColumn('hour_start', big, (c) => c.primaryKey())
        .addColumn('revenue_credits', big, (c) => c.notNull())
        .addColumn('revenue_first', big, (c) => c.notNull())
        .addColumn('revenue_renewal', big, (c) => c.notNull())
        .addColumn('revenue_unsuspend', big, (c) => c.notNull())
        .addColumn('credits_sold', big, (c) => c.notNull())
        .addColumn('credits_spent', big, (c) => c.notNull())
        .addColumn('new_customers', 'integer', (c) => c.notNull())
        .addColumn('servers_deleted', 'integer', (c) => c.notNull())
        .addColumn('failed_renewals', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invoices_issued').on('invoices').column('issued_at').execute();
      await db.schema.createIndex('credit_ledger_time').on('credit_ledger').column('created_at').execute();
      await db.schema.createIndex('users_created').on('users').column('created_at').execute();
      await db.schema
        .createIndex('orders_renewal_closed')
        .on('orders')
        .column('completed_at')
        .where(sql.ref('kind'), '=', 'renewal')
        .execute();
      await db.schema
        .createIndex('user_packages_deleted')
        .on('user_packages')
        .column('deleted_at')
        .where(sql.ref('deleted_at'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('user_packages_monthly_mrr')
        .on('user_packages')
        .columns([
          'status',
          'created_at',
          'monthly_amount_cents',
          'cancelled_at',
          'suspended_at',
          'deleted_at',
        ])
        .where(sql.ref('billing_type'), '=', 'monthly')
        .execute();
    },
  };
}
