/**
 * - `user_packages.panel_suspended_at`: when the panel confirmed a suspension; a suspended server without
 *   it is suspended again by the billing job until the panel confirms (a failed panel call must not leave
 *   an unpaid server running).
 * - `rate_limits`: request counters shared by every API instance (demo.md "Modes": nothing kept in
 *   one process's memory that another instance needs).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function panelSuspensionAndRateLimitsMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('user_packages').addColumn('panel_suspended_at', big).execute();
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_reset').on('rate_limits').column('reset_at').execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropTable('rate_limits').execute();
      await db.schema.alterTable('user_packages').dropColumn('panel_suspended_at').execute();
    },
  };
}
