/**
 * Renewal retries with a grace period (issue 43 point 1, docs/decisions/420-renewal-retries-and-grace.md):
 * `user_packages` gets the grace of a monthly server whose renewal failed and the mandate its Mollie
 * subscription was last given.
 * - `grace_until`: the server is in grace (its renewal failed, retries are due); the time of the last
 *   retry, when it stops unless paid. Null when not in grace.
 * - `renewal_retry_at`: when the next retry on the mandate is due; null while one is in flight or none is
 *   left.
 * - `renewal_tries`: retries started in this grace (0 after the renewal itself failed).
 * - `subscription_mandate_id`: the mandate Mollie's subscription charges; set from `mollie_mandate_id` for
 *   servers that have a subscription now, so a mandate changed by a payment with another card reaches Mollie.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function renewalRetriesMigration(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('user_packages').addColumn('grace_until', big).execute();
      await db.schema.alterTable('user_packages').addColumn('renewal_retry_at', big).execute();
      await db.schema
        .alterTable('user_packages')
        .addColumn('renewal_tries', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('user_packages')
        .addColumn('subscription_mandate_id', 'varchar(64)')
        .execute();
      await db
        .updateTable('user_packages')
        .set({ subscription_mandate_id: sql.ref('mollie_mandate_id') })
        .where('mollie_subscription_id', 'is not', null)
        .execute();
      // The retry job and the staff overview read the few servers in grace.
      await db.schema
        .createIndex('user_packages_grace')
        .on('user_packages')
        .column('grace_until')
        .where(sql.ref('grace_until'), 'is not', null)
        .execute();
    },
  };
}
