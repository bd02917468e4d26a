import '@/app/app-styles';
import type { DashboardSection } from '@falkenhost/contracts/constants';
import { lazy } from 'react';
import { DashboardShell } from '@/features/dashboard-shell/components/dashboard-shell';
import { ChooseSection } from '@/features/dashboard-shell/components/section-placeholder';
import { DashboardHome } from '@/features/home/components/dashboard-home';
import { readPendingPackage } from '@/lib/pending-package';

// Each section's code loads when it is first opened.
const StoreSection = lazy(() => import('@/features/store/components/store-section'));
const ServersSection = lazy(() => import('@/features/servers/components/servers-section'));
const SettingsSection = lazy(() => import('@/features/settings/components/settings-section'));
// The overview brings the chart library: only staff ever load it.
const OverviewSection = lazy(() => import('@/features/admin-overview/components/overview-section'));
const AdminServersSection = lazy(() => import('@/features/admin-servers/components/admin-servers-section'));
const AdminStoreSection = lazy(() => import('@/features/admin-store/components/admin-store-section'));
const UsersSection = lazy(() => import('@/features/admin-users/components/users-section'));

function pendingSection(): DashboardSection | undefined {
  return readPendingPackage() ? 'customer_store' : undefined;
}

/** /dashboard: the shell composed with the sections of the features (product.md "Screens and routes"). */
export default function DashboardRoute() {
  return (
    <DashboardShell
      // A package chosen on /game/{gameId} opens the store (product.md "Dashboard shell").
      startSection={pendingSection}
      renderSection={(section) => {
        switch (section) {
          case 'home':
            return <DashboardHome />;
          case 'customer_store':
            return <StoreSection />;
          case 'customer_servers':
            return <ServersSection />;
          case 'settings':
            return <SettingsSection />;
          case 'admin_overview':
            return <OverviewSection />;
          case 'admin_servers':
            return <AdminServersSection />;
          case 'admin_store':
            return <AdminStoreSection />;
          case 'master_users':
            return <UsersSection />;
          default:
            return <ChooseSection />;
        }
      }}
    />
  );
}
