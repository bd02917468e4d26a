/**
 * The staff webhook's outbox (issue 31 part 4, docs/decisions/191-staff-webhook.md): one row per event
 * staff hear about, `dedupe_key` unique so an event told twice (a webhook delivered again, a tick run on
 * two instances) is queued once.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function staffNotificationsMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      const create = db.schema.createTable('staff_notifications');
      await (dialect === 'postgres'
        ? create.addColumn('id', 'serial', (c) => c.primaryKey())
        : create.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('dedupe_key', 'varchar(191)', (c) => c.notNull().unique())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', big, (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('sent_at', big)
        .execute();
      await db.schema
        .createIndex('staff_notifications_due')
        .on('staff_notifications')
        .columns(['sent_at', 'next_attempt_at'])
        .execute();
    },
  };
}
