/** Customer servers calls (spec 7 "Customer servers"). */
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export function useOwnedServers() {
  return useQuery({
    queryKey: ['servers', 'owned'],
    queryFn: async () => unwrap(await api.get<OwnedServer[]>('/api/private/servers/owned-servers')),
  });
}

/** GET websocket-token?id=<user_package_id>: a fresh Wings token and socket URL, or null. */
export async function fetchWebsocketToken(
  userPackageId: number,
): Promise<{ token: string; socket: string } | null> {
  const result = await api.get<{ token: string; socket: string }>(
    `/api/private/servers/websocket-token?id=${userPackageId}`,
  );
  return result.ok && result.data ? result.data : null;
}
