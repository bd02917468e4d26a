/** Customer servers calls (spec 7 "Customer servers"). */
import { REASONS } from '@falkenhost/contracts/errors';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export function useOwnedServers() {
  return useQuery({
    queryKey: ['servers', 'owned'],
    queryFn: async () => unwrap(await api.get<OwnedServer[]>('/api/private/servers/owned-servers')),
  });
}

/**
 * GET websocket-token?id=<user_package_id>: a fresh Wings token and socket URL; 'installing' while the
 * server is still being installed (409 installing); null on any other failure.
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
