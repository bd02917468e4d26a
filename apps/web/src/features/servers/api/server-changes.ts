/**
 * Add-on and package changes of an owned server (product.md "Customer servers", "API calls"): what may be
 * bought or changed to, and the calls that do it. `id` / `userPackageId` is the owned server's user package
 * id.
 */
import type { AddonChangeBody, ChangePackageBody } from '@falkenhost/contracts/servers';
import type { StoreAddon, StorePackage } from '@falkenhost/contracts/store';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { usePageLanguage } from './servers';

/** Prefixes of the change lists; the queries add the page's language (invalidating a prefix refetches all). */
export const availableAddonsKey = (userPackageId: number) =>
  ['servers', 'available-addons', userPackageId] as const;
export const availablePackagesKey = (userPackageId: number) =>
  ['servers', 'available-packages', userPackageId] as const;

/** GET addons/available-for-change?id=: add-ons of the server's package of a type it does not have yet. */
export function useAvailableAddons(userPackageId: number, enabled: boolean) {
  const language = usePageLanguage();
  return useQuery({
    queryKey: [...availableAddonsKey(userPackageId), language],
    enabled,
    queryFn: async () =>
      unwrap(await api.get<StoreAddon[]>(`/api/private/addons/available-for-change?id=${userPackageId}`)),
  });
}

/** GET packages/available-for-change?id=: the other active, non-custom packages of the server's game. */
export function useAvailablePackages(userPackageId: number, enabled: boolean) {
  const language = usePageLanguage();
  return useQuery({
    queryKey: [...availablePackagesKey(userPackageId), language],
    enabled,
    queryFn: async () =>
      unwrap(await api.get<StorePackage[]>(`/api/private/packages/available-for-change?id=${userPackageId}`)),
  });
}

/** POST buy-addon: 200; 400 credits, 409 addon-exists. */
export const buyAddon = (body: AddonChangeBody) => api.post<unknown>('/api/private/addons/buy-addon', body);

/** DELETE remove-addon (JSON body): 200. */
export const removeAddon = (body: AddonChangeBody) =>
  api.delete<unknown>('/api/private/addons/remove-addon', body);

/**
 * POST change-package: 200, instant; another change can switch back (product.md "Server changes"); 400 credits or
 * resources, 409 addons.
 */
export const changePackage = (body: ChangePackageBody) =>
  api.post<unknown>('/api/private/packages/change-package', body);
