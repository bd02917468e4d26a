/**
 * Servers for their whole life (issue 7):
 * - `user_packages`: `scheduled` (on-hours schedules decide when it runs), `power_target` (the power state
 *   the schedule job last asked the panel for), `delete_at` and `deletion_warnings` (suspension period and
 *   its warning mails), `changing_since` (an add-on or package change is under way: one at a time), and
 *   the indexes the billing tick and the lifecycle jobs read instead of the whole table.
 * - `user_package_addons.credits_monthly`: what the add-on added to the server's monthly price.
 * - `users`: `time_zone` of schedules, `low_balance_warned_at` (one warning before suspension).
 * - `panel_tasks`: the queue of panel calls (suspend, unsuspend, power, delete), retried with backoff.
 * - `mail_outbox`: mail written in the transaction that decides it, sent by a job (a crash loses none).
 * - `allocation_claims`: allocations and node room held by orders in flight, so concurrent orders on one
 *   node get different allocations and do not overfill it.
 * - `job_runs`: the last clock hour each once-an-hour job ran for, shared by every instance.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function serverLifecycleMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .alterTable('user_packages')
        .addColumn('scheduled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('user_packages').addColumn('power_target', 'varchar(8)').execute();
      await db.schema.alterTable('user_packages').addColumn('delete_at', big).execute();
      await db.schema
        .alterTable('user_packages')
        .addColumn('deletion_warnings', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('user_packages').addColumn('changing_since', big).execute();
      await db.schema
        .createIndex('user_packages_billing_due')
        .on('user_packages')
        .columns(['status', 'billing_type', 'billed_until'])
        .execute();
      // Partial indexes hold only the few rows their job reads, so the billing tick's update of every
      // running server writes two indexes, not six.
      await db.schema
        .createIndex('user_packages_delete_at')
        .on('user_packages')
        .column('delete_at')
        .where(sql.ref('status'), '=', 'suspended')
        .execute();
      await db.schema
        .createIndex('user_packages_scheduled')
        .on('user_packages')
        .column('id')
        .where(sql.ref('scheduled'), '=', 1)
        .execute();
      await db.schema
        .createIndex('user_packages_power_target')
        .on('user_packages')
        .column('power_target')
        .where(sql.ref('power_target'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('user_packages_provisioning')
        .on('user_packages')
        .column('created_at')
        .where(sql.ref('status'), '=', 'provisioning')
        .execute();
      // What an add-on added to the server's monthly price, so removing it takes off the same amount.
      await db.schema
        .alterTable('user_package_addons')
        .addColumn('credits_monthly', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update user_package_addons set credits_monthly =
        (select addons.credits_monthly from addons where addons.id = user_package_addons.addon_id)`.execute(
        db,
      );
      await db.schema.createIndex('schedules_server').on('schedules').column('user_package_id').execute();

      await db.schema
        .alterTable('users')
        .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Europe/Prague'))
        .execute();
      await db.schema.alterTable('users').addColumn('low_balance_warned_at', big).execute();

      await db.schema
        .createTable('panel_tasks')
        .addColumn('id', id, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_package_id', 'integer', (c) => c.notNull().references('user_packages.id'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', big, (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('done_at', big)
        .execute();
      await db.schema
        .createIndex('panel_tasks_due')
        .on('panel_tasks')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('panel_tasks_server')
        .on('panel_tasks')
        .columns(['user_package_id', 'status'])
        .execute();

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', id, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('to_address', 'varchar(191)', (c) => c.notNull())
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', big, (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('sent_at', big)
        .execute();
      await db.schema
        .createIndex('mail_outbox_due')
        .on('mail_outbox')
        .columns(['sent_at', 'next_attempt_at'])
        .execute();

      await db.schema
        .createTable('allocation_claims')
        .addColumn('allocation_id', 'integer', (c) => c.primaryKey())
        .addColumn('node_id', 'integer', (c) => c.notNull())
        .addColumn('user_package_id', 'integer', (c) => c.notNull())
        .addColumn('memory', 'integer', (c) => c.notNull())
        .addColumn('disk', 'integer', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('done_at', big)
        .execute();

      await db.schema
        .createTable('job_runs')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('last_hour', big, (c) => c.notNull())
        .execute();
      // Ledger rows are read per user in time order (credit history, balance checks).
      await db.schema
        .createIndex('credit_ledger_user_time')
        .on('credit_ledger')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Db): Promise<void> {
      for (const table of ['job_runs', 'allocation_claims', 'mail_outbox', 'panel_tasks'])
        await db.schema.dropTable(table).execute();
    },
  };
}
