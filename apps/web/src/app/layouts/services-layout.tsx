import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useContext, useEffect } from 'react';
import { Outlet } from 'react-router';
import { firstUse } from '@/lib/first-use';
import { useServiceHostsWanted } from '@/lib/modal-host';
import { queryClient } from '@/lib/query-client';
import { RenderQueryClient } from '@/lib/server-data';

const loadServiceHosts = () => import('./service-hosts');
const ServiceHosts = lazy(loadServiceHosts);

/**
 * TanStack Query for every page but the home page, and the hosts of Mantine's modals and notifications;
 * loaded with the first such page so the home page stays within its JavaScript budget.
 *
 * The hosts load and render when first asked for (lib/modal-host.ts `wantServiceHosts`): both mount a
 * portal and their code (transitions, focus trap, scroll area) would lengthen the start. They are opened
 * through their global APIs (`openConfirmModal`, lib/notify.ts), never through context, and a
 * notification shown before its host mounts waits in the store.
 */
export default function ServicesLayout() {
  const hostsReady = useServiceHostsWanted();
  // Their code is fetched at the page's first use, so the first toast or confirm does not wait for it.
  useEffect(() => {
    void firstUse().then(loadServiceHosts);
  }, []);
  const client = useContext(RenderQueryClient) ?? queryClient;
  return (
    <QueryClientProvider client={client}>
      <Outlet />
      {hostsReady && (
        <Suspense fallback={null}>
          <ServiceHosts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
