import type { DashboardSection } from '@falkenhost/contracts/constants';
import { type DashboardAddress, dashboardAddressOf } from '@falkenhost/contracts/dashboard-addresses';
import { useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * The dashboard address the browser is at (product.md "Dashboard shell", decision 431): its section and
 * sub-address, or null when the path names none (the 404 page).
 */
export function useDashboardAddress(): DashboardAddress | null {
  const { pathname } = useLocation();
  return useMemo(() => dashboardAddressOf(pathname), [pathname]);
}

/**
 * What the address opens inside `section` (a server or game id, a settings part, a tab), undefined at the
 * section's own path or in another section.
 */
export function useSectionSub(section: DashboardSection): string | undefined {
  const address = useDashboardAddress();
  return address?.section === section ? address.sub : undefined;
}

/**
 * The history state of a dashboard address whose `?order=` popup has been shown and dropped (the shell
 * replaces the entry with it): a server reached by a payment's return keeps its details closed there.
 */
export interface OrderShown {
  orderShown: true;
}
