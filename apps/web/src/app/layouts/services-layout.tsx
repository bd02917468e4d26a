import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';

/**
 * TanStack Query, Mantine modals and notifications for every page but the home page; loaded with the
 * first such page so the home page stays within its JavaScript budget.
 */
export default function ServicesLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <Notifications position="top-right" limit={4} />
        <Outlet />
      </ModalsProvider>
    </QueryClientProvider>
  );
}
