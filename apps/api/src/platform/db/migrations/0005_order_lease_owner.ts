/**
 * Review of issue 8's billing code:
 * - `orders.lease_owner`: the token of the process holding an order's lease (`locked_until`), so a holder
 *   that outlived its lease neither releases nor writes over the lease of the process that took over.
 * - `user_packages.previous_subscription_amount_cents`: the subscription's amount before its last change,
 *   so a renewal Mollie charged at the old amount just before the change is still accepted.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against a database of any shape.
type Db = Kysely<any>;

export function orderLeaseOwnerMigration() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('orders').addColumn('lease_owner', 'text').execute();
      await db.schema
        .alterTable('user_packages')
        .addColumn('previous_subscription_amount_cents', 'integer')
        .execute();
    },
  };
}
