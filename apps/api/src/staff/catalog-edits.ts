/** Catalogue edits reaching servers cross two modules (decisions/042-catalogue-changes-reach-owners.md). */
import type { AddonBody, AdminAddon, AdminPackage, PackageFields } from '@falkenhost/contracts/admin';
import { updateAddon } from '../catalog/admin-addons';
import { updatePackage } from '../catalog/admin-packages';
import type { StaffChange } from '../catalog/admin-rows';
import type { PreparedImage } from '../catalog/uploads';
import type { AppContext } from '../platform/context';
import { repriceAddonServers, repricePackageServers } from '../servers/package-repricing';

/**
 * PUT /api/private/store/packages: edits a public package and re-prices its servers.
 * @throws AppError as catalog/admin-packages.ts updatePackage
 */
export function updatePackageAndServers(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  fields: PackageFields,
  thumbnail: PreparedImage | undefined,
): Promise<AdminPackage> {
  return updatePackage(ctx, change, id, fields, thumbnail, repricePackageServers);
}

/**
 * PUT /api/private/store/addons: edits an add-on and re-prices the servers that have it.
 * @throws AppError as catalog/admin-addons.ts updateAddon
 */
export function updateAddonAndServers(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  body: AddonBody,
): Promise<AdminAddon> {
  return updateAddon(ctx, change, id, body, repriceAddonServers);
}
