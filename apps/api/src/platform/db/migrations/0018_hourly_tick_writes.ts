/**
 * Fewer index writes in the hourly billing tick (issue 31 part 3, docs/decisions/314-hourly-tick-writes.md):
 * - `credit_ledger_user` is dropped: `credit_ledger_user_time` (user_id, created_at) serves every read by
 *   user, and each server-hour's ledger row wrote both.
 * - `user_packages_subscription` holds only the servers that have a Mollie subscription: the tick moves
 *   `billed_until` of every hourly server, an indexed column, so each of its rows was written into this
 *   index too, always as NULL.
 * - PostgreSQL: `users` pages keep half their room free (fillfactor 50), so a balance's update fits
 *   beside the old row and writes none of the table's six indexes (a heap-only tuple); two of them are
 *   GIN trigram indexes, the dearest to write. With 10 % free only one row in ten fitted.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function hourlyTickWritesMigration(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      await db.schema.dropIndex('credit_ledger_user').execute();
      await db.schema.dropIndex('user_packages_subscription').execute();
      await db.schema
        .createIndex('user_packages_subscription')
        .on('user_packages')
        .column('mollie_subscription_id')
        .where(sql.ref('mollie_subscription_id'), 'is not', null)
        .execute();
      if (dialect === 'postgres') await sql`alter table users set (fillfactor = 50)`.execute(db);
    },
  };
}
