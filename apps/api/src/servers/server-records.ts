/**
 * Writes of owned servers (`user_packages`, `user_package_addons`) that the orders module decides:
 * the row an order makes, its node, its add-ons, its adoption of the panel's server, its paid period and
 * its Mollie subscription fields. Status changes go through `moveServer` (server-status.ts).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { completeAllocationClaims } from '../panel/allocation-claims';
import { MINUTE_MS } from '../platform/clock';
import { newUserPackage } from '../platform/db/rows';
import type { Database } from '../platform/db/schema';
import { moveServer } from './server-status';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Inside an order's transaction: the owned server row an order makes (status provisioning).
 * @param row the columns the order decides (see platform/db/rows.ts `newUserPackage`)
 * @returns the new row's id
 */
export async function insertServer(
  trx: Transaction<Database>,
  row: Parameters<typeof newUserPackage>[0],
): Promise<number> {
  const inserted = await trx
    .insertInto('user_packages')
    .values(newUserPackage(row))
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Records the panel node a server's allocation was claimed on. */
export async function setServerNode(db: Db, userPackageId: number, nodeId: number): Promise<void> {
  await db.updateTable('user_packages').set({ node_id: nodeId }).where('id', '=', userPackageId).execute();
}

/**
 * Inside an order's transaction: the add-ons chosen with the order, each with the monthly price it adds
 * (removing it later takes off the same amount). Shared by orders by credits and by card.
 * @param addons credits_monthly in 1/10 000 credit per month
 */
export async function insertServerAddons(
  trx: Transaction<Database>,
  userPackageId: number,
  addons: Array<{ id: number; type: string; credits_monthly: number }>,
  now: number,
): Promise<void> {
  for (const addon of addons) {
    await trx
      .insertInto('user_package_addons')
      .values({
        user_package_id: userPackageId,
        addon_id: addon.id,
        addon_type: addon.type,
        credits_monthly: addon.credits_monthly,
        created_at: now,
      })
      .execute();
  }
}

/**
 * Inside `trx`: a server row still provisioning gets the panel's server and runs (status paid); its
 * allocation claim is marked done (it counts until the panel's figures include the new server,
 * panel/panel.ts). Shared by orders by credits and by card.
 * @returns false when the row was no longer provisioning (settled elsewhere; nothing written)
 */
export async function markAdopted(
  trx: Transaction<Database>,
  userPackageId: number,
  server: { id: number; uuid: string; identifier: string },
  now: number,
): Promise<boolean> {
  const adopted = await moveServer(trx, userPackageId, 'provisioning', 'paid', {
    ptero_server_id: server.id,
    ptero_server_uuid: server.uuid,
    ptero_identifier: server.identifier,
  });
  if (!adopted) return false;
  await completeAllocationClaims(trx, userPackageId, now);
  return true;
}

/**
 * Inside a renewal's transaction: one more month paid (`periods_paid` + 1) for a server running or
 * suspended. The increment takes the row's write lock (PostgreSQL) or the database's (SQLite) until
 * commit, so a second renewal settled at the same time counts from this one's month. With
 * `periodsBefore`, only while `periods_paid` is still that (a payment for one given month, paid once).
 * @returns false when the server is neither (gone: the renewal is refunded), or its month was paid already
 */
export async function addPaidMonth(
  trx: Transaction<Database>,
  userPackageId: number,
  periodsBefore?: number,
): Promise<boolean> {
  const extended = await trx
    .updateTable('user_packages')
    .set({ periods_paid: sql<number>`coalesce(periods_paid, 1) + 1` })
    .where('id', '=', userPackageId)
    .where('status', 'in', ['paid', 'suspended'])
    .$if(periodsBefore !== undefined, (q) => q.where('periods_paid', '=', periodsBefore ?? 0))
    .executeTakeFirst();
  return Number(extended.numUpdatedRows) === 1;
}

/** A renewal's failure and grace forgotten (renewal-grace.ts): the columns a paid month clears. */
export const NO_RENEWAL_FAILURE = {
  renewal_failed_at: null,
  grace_until: null,
  renewal_retry_at: null,
  renewal_tries: 0,
} as const;

/**
 * A running monthly server's paid period now ends at `paidUntil` (epoch ms); a failed renewal and its
 * grace are forgotten.
 */
export async function setPaidUntil(db: Db, userPackageId: number, paidUntil: number): Promise<void> {
  await db
    .updateTable('user_packages')
    .set({ paid_until: paidUntil, ...NO_RENEWAL_FAILURE })
    .where('id', '=', userPackageId)
    .execute();
}

/**
 * A renewal failed: the server is suspended at the end of its period.
 * @returns false when the server is neither running nor suspended
 */
export async function markRenewalFailed(db: Db, userPackageId: number, now: number): Promise<boolean> {
  const marked = await db
    .updateTable('user_packages')
    .set({ renewal_failed_at: now })
    .where('id', '=', userPackageId)
    .where('status', 'in', ['paid', 'suspended'])
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/**
 * A whole month's payment went back: the paid period is `periods` months from `anchor` again, and the
 * server is suspended when it ends (marked as a failed renewal). Only while `periods_paid` is still
 * `periodsBefore` (a concurrent change wins).
 */
export async function takeBackPaidMonth(
  db: Db,
  userPackageId: number,
  month: { periodsBefore: number; periods: number; paidUntil: number; now: number },
): Promise<void> {
  await db
    .updateTable('user_packages')
    .set({ periods_paid: month.periods, paid_until: month.paidUntil, renewal_failed_at: month.now })
    .where('id', '=', userPackageId)
    .where('periods_paid', '=', month.periodsBefore)
    .execute();
}

/**
 * The customer cancels a running monthly server: the mandate is forgotten, the server runs to the end
 * of its paid period; a grace after a failed renewal ends (nothing is retried, it is suspended now).
 * @returns false when it is not running or cancelled already
 */
export async function markCancelled(db: Db, userPackageId: number, now: number): Promise<boolean> {
  const marked = await db
    .updateTable('user_packages')
    .set({ cancelled_at: now, mollie_mandate_id: null, grace_until: null, renewal_retry_at: null })
    .where('id', '=', userPackageId)
    .where('status', '=', 'paid')
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/** The server's Mollie subscription `subscriptionId` was cancelled: it has none (unless another replaced it). */
export async function clearSubscription(
  db: Db,
  userPackageId: number,
  subscriptionId: string,
): Promise<void> {
  await db
    .updateTable('user_packages')
    .set({ mollie_subscription_id: null, subscription_amount_cents: null, subscription_mandate_id: null })
    .where('id', '=', userPackageId)
    .where('mollie_subscription_id', '=', subscriptionId)
    .execute();
}

/**
 * Records the Mollie subscription of a server that has none: `amountCents` per month; a newly created
 * one also forgets the amount before the last change (`clearPrevious`).
 */
export async function recordSubscription(
  db: Db,
  userPackageId: number,
  subscription: { id: string; amountCents: number; mandateId: string | null; clearPrevious: boolean },
): Promise<void> {
  await db
    .updateTable('user_packages')
    .set({
      mollie_subscription_id: subscription.id,
      subscription_amount_cents: subscription.amountCents,
      subscription_mandate_id: subscription.mandateId,
      ...(subscription.clearPrevious ? { previous_subscription_amount_cents: null } : {}),
    })
    .where('id', '=', userPackageId)
    .where('mollie_subscription_id', 'is', null)
    .execute();
}

/** The subscription's amount changed to `amountCents`; the one before is kept (a renewal may still bill it). */
export async function recordSubscriptionAmount(
  db: Db,
  userPackageId: number,
  amountCents: number,
  previousCents: number | null,
): Promise<void> {
  await db
    .updateTable('user_packages')
    .set({ subscription_amount_cents: amountCents, previous_subscription_amount_cents: previousCents })
    .where('id', '=', userPackageId)
    .execute();
}

/** A change lock older than this is taken to be a crashed change and reconciled. */
export const CHANGE_STALE_MS = 5 * MINUTE_MS;

/**
 * Takes the server's change lock (`changing_since` = `now`, epoch ms): one add-on, package change or
 * repair at a time; a lock older than CHANGE_STALE_MS counts as free.
 * @returns false when another change holds it
 */
export async function lockServerChange(db: Db, userPackageId: number, now: number): Promise<boolean> {
  const taken = await db
    .updateTable('user_packages')
    .set({ changing_since: now })
    .where('id', '=', userPackageId)
    .where((eb) =>
      eb.or([eb('changing_since', 'is', null), eb('changing_since', '<', now - CHANGE_STALE_MS)]),
    )
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Releases the change lock taken at `since`; a lock taken over by another change since is kept. */
export async function releaseServerChange(
  db: Db,
  userPackageId: number,
  since: number | null,
): Promise<void> {
  await db
    .updateTable('user_packages')
    .set({ changing_since: null })
    .where('id', '=', userPackageId)
    .where('changing_since', '=', since)
    .execute();
}

/**
 * Records the panel's server a row runs on (its id, uuid and identifier), and with `nodeId` the node it
 * was made on (a repair making a lost server again passes it; `null` when unknown).
 */
export async function recordPanelServer(
  db: Db,
  userPackageId: number,
  server: { id: number; uuid: string; identifier: string },
  node?: { nodeId: number | null },
): Promise<void> {
  await db
    .updateTable('user_packages')
    .set({
      ptero_server_id: server.id,
      ptero_server_uuid: server.uuid,
      ptero_identifier: server.identifier,
      ...(node ? { node_id: node.nodeId } : {}),
    })
    .where('id', '=', userPackageId)
    .execute();
}

/** The panel confirmed the server suspended at `at` (epoch ms), or unsuspended (`null`). */
export async function setPanelSuspended(db: Db, userPackageId: number, at: number | null): Promise<void> {
  await db
    .updateTable('user_packages')
    .set({ panel_suspended_at: at })
    .where('id', '=', userPackageId)
    .execute();
}
