/**
 * A staff edit of a package or add-on reaching the servers that use it now, run in the edit's transaction
 * (docs/decisions/042-catalogue-changes-reach-owners.md).
 */
import { serverMonthPrice } from '@falkenhost/contracts/money';
import type { Transaction } from 'kysely';
import type { AddonChange } from '../../catalog/admin/admin-addons';
import type { PackageChange } from '../../catalog/admin/admin-packages';
import { LIVE_SERVER_STATUSES } from '../../catalog/admin/admin-rows';
import { enqueuePanelTasks } from '../../panel/panel-queue';
import type { Database } from '../../platform/db/schema';

interface OwnersChange {
  packageId?: number;
  addonId?: number;
  /** credit units a month */
  priceDelta: number;
  resourcesChanged: boolean;
  at: number;
}

/** Adds `priceDelta` to live servers' monthly price; queues a panel `build` task when resources changed. */
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

/** Brings a package edit to its live servers: monthly price (credit units) and a panel `build` task. */
export async function repricePackageServers(
  trx: Transaction<Database>,
  change: PackageChange,
): Promise<void> {
  await applyToServers(trx, change);
}

/**
 * Brings an add-on edit to the servers that have it: live ones' monthly price moves by the difference,
 * every add-on row takes the new price, and a quantity change queues a panel `build` task.
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
