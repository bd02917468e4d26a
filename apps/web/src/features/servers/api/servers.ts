/** Customer servers calls (product.md "Server calls"). */
import type { PowerSignal } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/lib/api-client';

/** Prefix of the owned-servers queries (one per language); invalidating it refetches every language. */
export const ownedServersKey = ['servers', 'owned'] as const;

/** The page's language: the API names add-ons and locations in the Accept-Language, so lists are kept per language. */
export function usePageLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

/** GET owned-servers: the customer's servers, their add-on and location names in the page's language. */
export function useOwnedServers() {
  const language = usePageLanguage();
  return useQuery({
    queryKey: [...ownedServersKey, language],
    queryFn: async () => unwrap(await api.get<OwnedServer[]>('/api/private/servers/owned-servers')),
  });
}

/**
 * GET websocket-token?id=<user_package_id>: our relay's socket URL and a fresh credential for it;
 * 'installing' while the server is still being installed (409 installing); null on any other failure.
 */
export async function fetchWebsocketToken(
  userPackageId: number,
): Promise<{ token: string; socket: string } | 'installing' | null> {
  const result = await api.get<{ token: string; socket: string }>(
    `/api/private/servers/websocket-token?id=${userPackageId}`,
  );
  if (result.status === 409 && result.error?.reason === REASONS.installing) return 'installing';
  return result.ok && result.data ? result.data : null;
}

/** POST power {id, signal}: 204; 409 installing or outside-schedule, 502 panel. */
export const sendPowerSignal = (input: { id: number; signal: PowerSignal }) =>
  api.post<void>('/api/private/servers/power', input);

/** POST unsuspend-server {id}: 200 {link} to follow (a payment or the dashboard); 400 credits. */
export const unsuspendServer = (id: number) =>
  api.post<{ link: string }>('/api/private/servers/unsuspend-server', { id });

/** POST pay-renewal {id}: 200 {link} of a card checkout for the open month of a server in grace. */
export const payRenewal = (id: number) =>
  api.post<{ link: string }>('/api/private/servers/pay-renewal', { id });

/**
 * POST cancel-server {id}: an hourly server is deleted ({}); a monthly subscription stops renewing and the
 * server runs until `paid_until` (ISO 8601).
 */
export const cancelServer = (id: number) =>
  api.post<{ paid_until?: string }>('/api/private/servers/cancel-server', { id });
