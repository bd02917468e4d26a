/** Packages administration calls (product.md "Staff calls": packages, multipart with the thumbnail). */
import type { AdminPackage, AdminPackagesAdditionalData } from '@falkenhost/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { type PackageDraft, packageFormData } from '../utils/form-data';
import { adminPackagesKey, packagesAdditionalDataKey } from './keys';

const PATH = '/api/private/store/packages';

/** GET packages: every package with its game, owners count (packages_ordered) and target user. */
export function useAdminPackages() {
  return useQuery({
    queryKey: adminPackagesKey,
    queryFn: async () => unwrap(await api.get<AdminPackage[]>(PATH)),
  });
}

/** GET packages-additional-data (staff): games, locations with their nodes, nests with their eggs. */
export function usePackagesAdditionalData() {
  return useQuery({
    queryKey: packagesAdditionalDataKey,
    queryFn: async () =>
      unwrap(await api.get<AdminPackagesAdditionalData>('/api/private/store/packages-additional-data')),
  });
}

/**
 * POST (no `id`: add with the target username, 201) or PUT (with `id`: edit, without target, 200) a
 * package as a multipart form; failures 400 validation / file-type, 404 target user unknown, 409 exists,
 * 413 file-too-large.
 */
export const savePackage = (draft: PackageDraft, id?: number) =>
  id === undefined
    ? api.post<AdminPackage>(PATH, packageFormData(draft))
    : api.put<AdminPackage>(PATH, packageFormData(draft, id));

/** DELETE a package (`custom` when it has a target user): 200, or 409 owned while a server uses it. */
export const deletePackage = (pkg: Pick<AdminPackage, 'id' | 'users_username'>) =>
  api.delete<{ id: number }>(PATH, { id: pkg.id, custom: pkg.users_username !== null });
