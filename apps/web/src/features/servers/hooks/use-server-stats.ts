import type { OwnedServer } from '@falkenhost/contracts/servers';
import { useEffect, useState } from 'react';
import { type LiveStats, watchLiveStats } from '../api/live-stats';

/**
 * Live stats of one paid server over the API's relay socket (product.md "States and transitions";
 * api/live-stats.ts says how): its gauges, power state and whether the socket is connected. The socket closes
 * when the server list changes (the effect's dependencies) or the page unloads.
 */
export function useServerStats(server: OwnedServer): LiveStats {
  const [live, setLive] = useState<LiveStats>({ gauges: null, state: null, connected: false });
  const { user_package_id: id, websocketUrl, token, vcpu, ram_size, storage_size, status } = server;

  useEffect(() => {
    if (status !== 'paid') return;
    const credentials = websocketUrl && token ? { socket: websocketUrl, token } : null;
    return watchLiveStats(id, credentials, { vcpu, ram_size, storage_size }, setLive);
  }, [id, status, websocketUrl, token, vcpu, ram_size, storage_size]);

  return live;
}
