/**
 * A staff edit of a package or add-on reaching the servers that use it now
 * (docs/decisions/042-catalogue-changes-reach-owners.md): a price change applies from their next hour
 * (hourly: the next hour is charged at the new rate) or their next period (monthly: the subscription's amount for the following months); a resource change
 * is queued for every server on the panel and applied by the panel queue, retried until the panel
 * confirms. staff/catalog-edits.ts hands these to catalog's edits, to run in the edit's transaction.
 */
import { serverMonthPrice } from '@falkenhost/contracts/money';
import type { Transaction } from 'kysely';
import type { AddonChange } from '../catalog/admin-addons';
import type { PackageChange } from '../catalog/admin-packages';
import { LIVE_SERVER_STATUSES } from '../catalog/admin-rows';
import { enqueuePanelTasks } from '../panel/panel-queue';
import type { Database } from '../platform/db/schema';

interface OwnersChange {
  packageId?: number;
  addonId?: number;
  /** credit units a month */
  priceDelta: number;
  resourcesChanged: boolean;
  at: number;
}

/**
 * Adds `priceDelta` to each live server's monthly price (the hourly charge reads it from the next hour;
 * a monthly server's card amount follows from its next period) and queues a `build` task per server on
 * the panel when resources changed.
 */
async function applyToServers(trx: Transaction<Database>, change: OwnersChange): Promise<void> {
  let owners = trx
    .selectFrom('user_packages as up')
    .select(['up.id', 'up.billing_type', 'up.credits_monthly', 'up.ptero_server_id'])
    .where('up.status', 'in', [...LIVE_SERVER_STATUSES]);
  if (change.packageId !== undefined) owners = owners.where('up.package_id', '=', change.packageId);
  if (change.addonId !== undefined)
    owners = owners.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_package_addons as upa')
          .select('upa.addon_id')
          .whereRef('upa.user_package_id', '=', 'up.id')
          .where('upa.addon_id', '=', change.addonId as number),
      ),
    );
  const rows = await owners.execute();
  if (rows.length === 0) return;
  if (change.priceDelta !== 0) {
    for (const row of rows) {
      const monthly = Math.max(0, row.credits_monthly + change.priceDelta);
      await trx
        .updateTable('user_packages')
        .set({
          credits_monthly: monthly,
          ...(row.billing_type === 'monthly'
            ? { monthly_amount_cents: serverMonthPrice(monthly, 0, 'creditCard').total }
            : {}),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  if (change.resourcesChanged) {
    const onPanel = rows.filter((r) => r.ptero_server_id !== null).map((r) => r.id);
    await enqueuePanelTasks(trx, onPanel, 'build', change.at);
  }
}

/**
 * Brings a package edit to the live servers of that package: monthly price (credit units) and, for a
 * resource change, a panel `build` task per server on the panel.
 */
export async function repricePackageServers(
  trx: Transaction<Database>,
  change: PackageChange,
): Promise<void> {
  await applyToServers(trx, change);
}

/**
 * Brings an add-on edit to the live servers that have it: their monthly price moves by the price
 * difference, every server's add-on row (live or not) takes the new price, and a quantity change queues
 * a panel `build` task per server on the panel.
 */
export async function repriceAddonServers(trx: Transaction<Database>, change: AddonChange): Promise<void> {
  await applyToServers(trx, change);
  if (change.priceDelta !== 0) {
    await trx
      .updateTable('user_package_addons')
      .set({ credits_monthly: change.creditsMonthly })
      .where('addon_id', '=', change.addonId)
      .execute();
  }
}
