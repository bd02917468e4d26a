/** Catalogue edits reaching servers cross two modules (decisions/042-catalogue-changes-reach-owners.md). */
import type { AddonBody, AdminAddon, AdminPackage, PackageFields } from '@falkenhost/contracts/admin';
import { updateAddon } from '../catalog/admin/admin-addons';
import { updatePackage } from '../catalog/admin/admin-packages';
import type { StaffChange } from '../catalog/admin/admin-rows';
import { type PreparedImage, prepareImage } from '../catalog/uploads';
import type { AppContext } from '../platform/context';
import { repriceAddonServers, repricePackageServers } from '../servers/changes/package-repricing';

/**
 * PUT /api/private/store/packages: edits a public package and re-prices its servers.
 * @throws AppError as catalog/admin/admin-packages.ts updatePackage
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
 * PUT /api/private/store/packages as staff send it: the thumbnail file, when given, is checked and scaled
 * before the package and its servers are written.
 * @param thumbnail the form's file part (raw bytes), or undefined to keep the current one
 * @throws AppError 400 file-type and 413 file-too-large (catalog/uploads.ts), and as updatePackageAndServers
 */
export async function updatePackageFromForm(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  fields: PackageFields,
  thumbnail: Buffer | undefined,
): Promise<AdminPackage> {
  return updatePackageAndServers(
    ctx,
    change,
    id,
    fields,
    thumbnail && (await prepareImage(thumbnail, 'thumbnail')),
  );
}

/**
 * PUT /api/private/store/addons: edits an add-on and re-prices the servers that have it.
 * @throws AppError as catalog/admin/admin-addons.ts updateAddon
 */
export function updateAddonAndServers(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  body: AddonBody,
): Promise<AdminAddon> {
  return updateAddon(ctx, change, id, body, repriceAddonServers);
}
