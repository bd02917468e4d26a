/**
 * Monthly card subscriptions and invoices (issue 8):
 * - `orders`: `locked_until` (one process at a time carries a paid card order forward: provisioning, the
 *   subscription, a refund), `attempts` (provisioning tries after payment before the money goes back).
 * - `user_packages`: the paid period of a monthly server (`period_anchor` + `periods_paid` months =
 *   `paid_until`), `cancelled_at` (the customer cancelled: it runs to `paid_until`), `renewal_failed_at`,
 *   `monthly_amount_cents` (what each later month costs by card) and `subscription_amount_cents` (what
 *   Mollie's subscription was last told), so a change of price reaches Mollie even after a crash.
 * - `invoices` and `invoice_sequences`: a gap-free yearly number for every paid payment, refund and
 *   chargeback; the document is kept as issued (JSON) and rendered to PDF on demand.
 * - `mail_outbox.invoice_id`: the receipt mail carries that invoice's PDF.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function monthlyAndInvoicesMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('orders').addColumn('locked_until', big).execute();
      await db.schema
        .alterTable('orders')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The reconciler reads only the few card orders between payment and their end.
      await db.schema
        .createIndex('orders_in_flight')
        .on('orders')
        .column('created_at')
        .where(sql<boolean>`status in ('paid', 'refunding')`)
        .execute();
      await db.schema.createIndex('orders_user_package').on('orders').column('user_package_id').execute();

      for (const [name, type] of [
        ['period_anchor', big],
        ['periods_paid', 'integer'],
        ['cancelled_at', big],
        ['renewal_failed_at', big],
        ['monthly_amount_cents', 'integer'],
        ['subscription_amount_cents', 'integer'],
      ] as const) {
        await db.schema.alterTable('user_packages').addColumn(name, type).execute();
      }
      await db.schema
        .createIndex('user_packages_monthly_due')
        .on('user_packages')
        .column('paid_until')
        .where(sql.ref('billing_type'), '=', 'monthly')
        .execute();
      await db.schema
        .createIndex('user_packages_subscription')
        .on('user_packages')
        .column('mollie_subscription_id')
        .execute();

      await db.schema
        .createTable('invoice_sequences')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('invoices')
        .addColumn('id', id, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .addColumn('related_invoice_id', 'integer', (c) => c.references('invoices.id'))
        // what the document is for, once: `order:<id>` or `takeback:order:<id>:<cents>`
        .addColumn('source_key', 'varchar(96)', (c) => c.notNull().unique())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('description', 'varchar(255)', (c) => c.notNull())
        .addColumn('language', 'varchar(8)', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('issued_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('invoices_year_seq')
        .on('invoices')
        .unique()
        .columns(['year', 'seq'])
        .execute();
      await db.schema.createIndex('invoices_user').on('invoices').columns(['user_id', 'issued_at']).execute();

      await db.schema
        .alterTable('mail_outbox')
        .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id'))
        .execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.alterTable('mail_outbox').dropColumn('invoice_id').execute();
      await db.schema.dropTable('invoices').execute();
      await db.schema.dropTable('invoice_sequences').execute();
    },
  };
}
