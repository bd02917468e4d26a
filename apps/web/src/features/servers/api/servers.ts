/** Customer servers calls (spec 7 "Customer servers"). */
import type { PowerSignal } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export const ownedServersKey = ['servers', 'owned'] as const;

export function useOwnedServers() {
  return useQuery({
    queryKey: ownedServersKey,
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

/**
 * POST cancel-server {id}: an hourly server is deleted ({}); a monthly subscription stops renewing and the
 * server runs until `paid_until` (ISO 8601).
 */
export const cancelServer = (id: number) =>
  api.post<{ paid_until?: string }>('/api/private/servers/cancel-server', { id });
