import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useContext } from 'react';
import { Outlet } from 'react-router';
import { useAfterFirstPaint } from '@/hooks/use-after-first-paint';
import { queryClient } from '@/lib/query-client';
import { RenderQueryClient } from '@/lib/server-data';

const ServiceHosts = lazy(() => import('./service-hosts'));

/**
 * TanStack Query for every page but the home page, and the hosts of Mantine's modals and notifications;
 * loaded with the first such page so the home page stays within its JavaScript budget.
 *
 * The hosts load and render just after the page's first commit: both mount a portal (a second,
 * synchronous render inside that commit) and their code (transitions, focus trap, scroll area) would
 * lengthen the start. Nothing can ask for them earlier: they are opened through their global APIs
 * (`modals.openConfirmModal`, lib/notify.ts), never through context, and a notification shown before its
 * host mounts waits in the store.
 */
export default function ServicesLayout() {
  const hostsReady = useAfterFirstPaint();
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
