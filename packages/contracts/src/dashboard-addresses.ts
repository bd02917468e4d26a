/**
 * The dashboard's addresses: every section, and what opens inside one, has a path under /dashboard that a
 * person can link, reload and go Back to (product.md "Dashboard shell", decisions/431-dashboard-addresses.md).
 * The client's dashboard route draws the section its address names; the server renders the same one and
 * answers an address this module does not know with the 404 page.
 */
import type { DashboardSection } from './constants';

/** The dashboard's pages in React Router's syntax (packages/contracts routes.ts PAGES lists them). */
export const DASHBOARD_PAGES = {
  dashboard: '/dashboard',
  dashboardServers: '/dashboard/servers',
  /** a server's card with its details open */
  dashboardServer: '/dashboard/servers/:serverId',
  dashboardShop: '/dashboard/shop',
  /** the shop with a game's packages listed */
  dashboardShopGame: '/dashboard/shop/:gameId',
  /** the settings, scrolled to one part (SETTINGS_PARTS) */
  dashboardSettings: '/dashboard/settings/:part?',
  dashboardStaffOverview: '/dashboard/staff/overview',
  dashboardStaffServers: '/dashboard/staff/servers',
  /** the store administration, one tab open (STAFF_STORE_TABS) */
  dashboardStaffStore: '/dashboard/staff/store/:tab?',
  /** the users (master), or their audit log (`audit`) */
  dashboardStaffUsers: '/dashboard/staff/users/:tab?',
} as const;

/** Each section's own address (its first view). */
export const SECTION_PATHS: Record<DashboardSection, string> = {
  home: '/dashboard',
  customer_servers: '/dashboard/servers',
  customer_store: '/dashboard/shop',
  settings: '/dashboard/settings',
  admin_overview: '/dashboard/staff/overview',
  admin_servers: '/dashboard/staff/servers',
  admin_store: '/dashboard/staff/store',
  master_users: '/dashboard/staff/users',
};

/** The settings' parts an address can scroll to (/dashboard/settings/<part>). */
export const SETTINGS_PARTS = ['account', 'security', 'data', 'billing'] as const;
export type SettingsPart = (typeof SETTINGS_PARTS)[number];

/** The store administration's tabs, the first the default (/dashboard/staff/store/<tab>). */
export const STAFF_STORE_TABS = ['games', 'packages', 'addons', 'discounts', 'locations'] as const;
export type StaffStoreTab = (typeof STAFF_STORE_TABS)[number];

const ID = /^[1-9]\d{0,9}$/;
const oneOf = (list: readonly string[]) => (value: string) => list.includes(value);

/** The sections whose address takes one more segment, and which values it may take. */
const SUB_RULES: Partial<Record<DashboardSection, (sub: string) => boolean>> = {
  customer_servers: (sub) => ID.test(sub),
  customer_store: (sub) => ID.test(sub),
  settings: oneOf(SETTINGS_PARTS),
  admin_store: oneOf(STAFF_STORE_TABS),
  // the users list is the section's own path; its audit log has one more segment
  master_users: (sub) => sub === 'audit',
};

/** A dashboard address read: its section and the segment after the section's path, if any. */
export interface DashboardAddress {
  section: DashboardSection;
  /** a server or game id, a settings part or a tab; undefined at the section's own path */
  sub?: string;
}

/**
 * The section and sub-address `pathname` names, or null when it is no dashboard address (the 404 page).
 * @param pathname a path without query, e.g. "/dashboard/servers/12"
 */
export function dashboardAddressOf(pathname: string): DashboardAddress | null {
  const sections = Object.entries(SECTION_PATHS) as [DashboardSection, string][];
  for (const [section, path] of sections) {
    if (pathname === path) return { section };
  }
  for (const [section, path] of sections) {
    const rule = SUB_RULES[section];
    if (!rule || !pathname.startsWith(`${path}/`)) continue;
    const sub = pathname.slice(path.length + 1);
    if (rule(sub)) return { section, sub };
  }
  return null;
}

/**
 * The address of `section`, or of one thing in it.
 * @param sub a server or game id, a settings part or a tab (SUB_RULES); omitted: the section's own path
 */
export function dashboardPath(section: DashboardSection, sub?: string | number): string {
  return sub === undefined ? SECTION_PATHS[section] : `${SECTION_PATHS[section]}/${sub}`;
}

/**
 * Where a payment's checkout returns to: the address that started it, with the order's status popup
 * (`?order=`) and any other marker (decisions/433-payment-returns-and-mail-links.md).
 * @param start the dashboard address the payment was started from, e.g. "/dashboard/servers/12"
 * @param publicId the order's public id
 * @param extra more query parameters, e.g. `{ resume: 'order' }`
 */
export function orderReturnPath(start: string, publicId: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ order: publicId, ...extra });
  return `${start}?${query.toString()}`;
}

/**
 * The new address of an old dashboard link (`/dashboard?order=..&server=..`, `/dashboard?renew=..`,
 * `/dashboard?order=..`, decision 433), or null when `search` carries none of them.
 * @param search the query of a /dashboard address, e.g. "?order=abc&server=12"
 */
export function legacyDashboardLink(search: string): string | null {
  const params = new URLSearchParams(search);
  const server = params.get('server') ?? params.get('renew');
  if (server && ID.test(server)) {
    params.delete('server');
    const query = params.toString();
    return `${dashboardPath('customer_servers', server)}${query ? `?${query}` : ''}`;
  }
  if (!params.has('order')) return null;
  return `${SECTION_PATHS.customer_store}?${params.toString()}`;
}
