import '@/app/app-styles';
import { dashboardPath, legacyDashboardLink } from '@falkenhost/contracts/dashboard-addresses';
import { lazy, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotFound } from '@/components/not-found';
import { DashboardShell } from '@/features/dashboard-shell/components/dashboard-shell';
import { DashboardHome } from '@/features/home/components/dashboard-home';
import { useDashboardAddress } from '@/lib/dashboard-address';
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

/**
 * /dashboard in place of another address: an old link (`/dashboard?order=..`, `?renew=..`, `&server=..`)
 * opens its new address (decision 433; the server redirects the ones asked for by address before it
 * renders), and a package chosen on /game/{gameId} (kept in localStorage through the login) its game in
 * the shop (product.md "Dashboard shell").
 */
function useLandingRedirect() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (pathname !== '/dashboard') return;
    const pending = readPendingPackage();
    const to =
      legacyDashboardLink(search) ?? (pending ? dashboardPath('customer_store', pending.gameId) : null);
    if (to) navigate(to, { replace: true });
  }, [pathname, search, navigate]);
}

/**
 * /dashboard and its addresses: the shell composed with the section the address names (product.md
 * "Screens and routes", "Dashboard shell"; decision 431); an address naming none is the 404 page.
 */
export default function DashboardRoute() {
  const address = useDashboardAddress();
  useLandingRedirect();
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
