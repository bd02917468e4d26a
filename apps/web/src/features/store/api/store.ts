/** Customer store calls (product.md "Public and store calls"). */
import type { PublicGame } from '@falkenhost/contracts/catalog';
import type { PackageVariablesAnswer } from '@falkenhost/contracts/egg-variables';
import type { PaymentMethod } from '@falkenhost/contracts/money';
import type {
  ORDER_RESUME,
  OrderPackageBody,
  PackagesAdditionalData,
  StoreAddon,
  StoreLocation,
  StorePackage,
} from '@falkenhost/contracts/store';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/lib/api-client';

/** The page's language: the API names add-ons and locations in the Accept-Language, so they are kept per language. */
function usePageLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

/** The game select lists the public games (sorted by priority). */
export function useStoreGames() {
  return useQuery({
    queryKey: ['public', 'games'],
    queryFn: async () => unwrap(await api.get<PublicGame[]>('/api/public/store/games')),
  });
}

/** GET available-users-packages?gameId=: the game's packages plus this user's custom ones (used 0). */
export function useStorePackages(gameId: number | null) {
  return useQuery({
    queryKey: ['store', 'packages', gameId],
    enabled: gameId !== null,
    queryFn: async () =>
      unwrap(await api.get<StorePackage[]>(`/api/private/store/available-users-packages?gameId=${gameId}`)),
  });
}

/** GET packages-additional-data: nests with their eggs (egg names). */
export function useEggNames() {
  return useQuery({
    queryKey: ['store', 'additional-data'],
    staleTime: 5 * 60_000,
    queryFn: async () =>
      unwrap(await api.get<PackagesAdditionalData>('/api/private/store/packages-additional-data')),
    select: (data) => {
      const names = new Map<number, string>();
      for (const nest of data.nests) for (const egg of nest.eggs) names.set(egg.id, egg.name);
      return names;
    },
  });
}

/** GET package-addons?packageId=: the package's add-ons, named in the page's language. */
export function usePackageAddons(packageId: number) {
  const language = usePageLanguage();
  return useQuery({
    queryKey: ['store', 'addons', packageId, language],
    queryFn: async () =>
      unwrap(await api.get<StoreAddon[]>(`/api/private/store/package-addons?packageId=${packageId}`)),
  });
}

/** GET package-locations?packageId=: where the package can run, named in the page's language. */
export function usePackageLocations(packageId: number) {
  const language = usePageLanguage();
  return useQuery({
    queryKey: ['store', 'locations', packageId, language],
    queryFn: async () =>
      unwrap(await api.get<StoreLocation[]>(`/api/private/store/package-locations?packageId=${packageId}`)),
  });
}

/**
 * GET package-variables?packageId=: per egg id, the egg variables the customer must give in the order
 * dialog (issue 28; FiveM's licence key); an egg needing nothing maps to [].
 */
export function usePackageVariables(packageId: number) {
  // Labelled in the page's language (docs/decisions/438), so kept per language.
  const language = usePageLanguage();
  return useQuery({
    queryKey: ['store', 'package-variables', packageId, language],
    queryFn: async () =>
      unwrap(
        await api.get<PackageVariablesAnswer>(`/api/private/store/package-variables?packageId=${packageId}`),
      ),
  });
}

export const verifyDiscount = (code: string, signal?: AbortSignal) =>
  api.post<{ code: string; percentage: number }>(
    '/api/private/store/discount-verification',
    { code },
    { signal },
  );

export interface OrderCreditsInput {
  referrer: string;
  discountCode: string;
  creditsAmount: number;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  state: string;
  country: string;
  paymentMethod: PaymentMethod;
  /** the credits are bought for a refused order: the checkout returns to reopen it (decision 430) */
  resume?: typeof ORDER_RESUME;
}

export const orderCredits = (body: OrderCreditsInput) =>
  api.post<{ link: string }>('/api/private/store/order-credits', body);

export interface PackageByCreditsInput {
  serverName: string;
  packageId: number;
  eggId: number;
  locationId: number;
  /** JSON string of add-on ids (product.md "API calls") */
  addonIds: string;
  /** the egg variables the customer gave: env_variable -> value (issue 28) */
  variables: Record<string, string>;
}

export const packageByCredits = (body: PackageByCreditsInput) =>
  api.post<{ link: string }>('/api/private/store/package-by-credits', body);

/**
 * The body of POST order-package as the dialog sends it (product.md "API calls"): every field, add-on ids as
 * JSON.
 */
export type OrderPackageInput = Required<OrderPackageBody> & { addonIds: string };

/** POST order-package: 200 {link} to the Mollie checkout of the first month; 400/404/502 with a reason. */
export const orderPackage = (body: OrderPackageInput) =>
  api.post<{ link: string }>('/api/private/store/order-package', body);
