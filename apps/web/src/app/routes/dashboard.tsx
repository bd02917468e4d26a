import '@/app/app-styles';
import { legacyDashboardLink } from '@falkenhost/contracts/dashboard-addresses';
import { lazy, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotFound } from '@/components/not-found';
import { DashboardShell } from '@/features/dashboard-shell/components/dashboard-shell';
import { DashboardHome } from '@/features/home/components/dashboard-home';
import { useDashboardAddress } from '@/lib/dashboard-address';

// Each section's code loads when it is first opened.
const StoreSection = lazy(() => import('@/features/store/components/store-section'));
const ServersSection = lazy(() => import('@/features/servers/components/servers-section'));
const SettingsSection = lazy(() => import('@/features/settings/components/settings-section'));
// The overview brings the chart library: only staff ever load it.
const OverviewSection = lazy(() => import('@/features/admin-overview/components/overview-section'));
const AdminServersSection = lazy(() => import('@/features/admin-servers/components/admin-servers-section'));
const AdminStoreSection = lazy(() => import('@/features/admin-store/components/admin-store-section'));
const UsersSection = lazy(() => import('@/features/admin-users/components/users-section'));

/**
 * An old link (`/dashboard?order=..`, `?renew=..`, `&server=..`) opens its new address in place of itself
 * (decision 433); the server redirects the ones asked for by address before it renders.
 */
function useLegacyLink() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const to = pathname === '/dashboard' ? legacyDashboardLink(search) : null;
  useEffect(() => {
    if (to) navigate(to, { replace: true });
  }, [to, navigate]);
}

/**
 * /dashboard and its addresses: the shell composed with the section the address names (product.md
 * "Screens and routes", "Dashboard shell"; decision 431); an address naming none is the 404 page.
 */
export default function DashboardRoute() {
  const address = useDashboardAddress();
  useLegacyLink();
  if (!address) return <NotFound />;
  return (
    <DashboardShell
      section={address.section}
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
        }
      }}
    />
  );
}
