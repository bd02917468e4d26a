/** Add-ons administration calls (product.md "Staff calls": add-ons, JSON). */
import type { AddonBody, AddonsAdditionalData, AdminAddon } from '@falkenhost/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { addonsAdditionalDataKey, adminAddonsKey } from './keys';

const PATH = '/api/private/store/addons';

/** GET addons: every add-on with its packages and owners count (addons_ordered). */
export function useAdminAddons() {
  return useQuery({
    queryKey: adminAddonsKey,
    queryFn: async () => unwrap(await api.get<AdminAddon[]>(PATH)),
  });
}

/** GET addons-additional-data: the package rows the add-on popup offers, with their game. */
export function useAddonsAdditionalData() {
  return useQuery({
    queryKey: addonsAdditionalDataKey,
    queryFn: async () =>
      unwrap(await api.get<AddonsAdditionalData>('/api/private/store/addons-additional-data')),
  });
}

/** POST (no `id`: add, 201) or PUT (with `id`: edit, 200); failures 400 validation, 409 exists. */
export const saveAddon = (body: AddonBody, id?: number) =>
  id === undefined ? api.post<AdminAddon>(PATH, body) : api.put<AdminAddon>(PATH, { ...body, id });

/** DELETE an add-on: 200, or 409 owned while a server has it. */
export const deleteAddon = (id: number) => api.delete<{ id: number }>(PATH, { id });
