import { DASHBOARD_PAGES, dashboardAddressOf } from './dashboard-addresses';

/**
 * The web client's pages, the one list both apps read: the client's router matches these paths
 * (apps/web/src/app/router.tsx) and the server answers each with its HTML (apps/api/src/site/page-routes.ts).
 * Paths in React Router's syntax: `:name` a segment, `:name?` an optional last segment.
 */
export const PAGES = {
  home: '/',
  hosting: '/hosting',
  game: '/game/:gameId',
  partners: '/partners',
  contact: '/contact',
  login: '/login',
  register: '/register',
  emailCode: '/email/:type',
  password: '/password',
  resetPassword: '/reset-password/:token?',
  updateUser: '/update-user/:token?',
  /** the demo's captured mail (the server serves it in demo mode only) */
  mailbox: '/dev/mailbox',
  /** the dashboard's sections and what opens in them (dashboard-addresses.ts, decision 431) */
  ...DASHBOARD_PAGES,
} as const;

export type PagePath = (typeof PAGES)[keyof typeof PAGES];

/** The public pages without catalogue data, indexed (the sitemap lists them with every game's page). */
export const PUBLIC_PAGES: readonly PagePath[] = [PAGES.home, PAGES.hosting, PAGES.partners, PAGES.contact];

/**
 * The pages of the app that are not indexed (forms and the dashboard); the server renders them like the
 * public ones. The mailbox is added in demo mode.
 */
export const APP_SHELL_PAGES: readonly PagePath[] = [
  PAGES.login,
  PAGES.register,
  PAGES.password,
  PAGES.resetPassword,
  PAGES.emailCode,
  PAGES.updateUser,
  ...Object.values(DASHBOARD_PAGES),
];

const NEXT_ADDRESS = /^\/dashboard(?:[/?#][^\\\s]*)?$/;

/**
 * Whether `value` may be a `?next=` address: a dashboard path of this site, with its query, to return to
 * after the login (decisions/432-login-next-address.md). Nothing else is accepted (no other site, no `//`,
 * no backslash), so the login cannot send anyone away. A plain check, not a zod schema: the router's guard
 * runs it on every page and zod stays out of the pages' first script.
 */
export function isNextAddress(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' && value.length <= 1000 && NEXT_ADDRESS.test(value) && !value.includes('//')
  );
}

/** The safe `next` of a page's query, or null when it has none or it is not a dashboard address. */
export function nextOf(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return isNextAddress(next) ? next : null;
}

/** `path` carrying `next` as its `?next=`, unless `next` is the plain dashboard (the default). */
function withNext(path: string, next: string | null): string {
  return next === null || next === PAGES.dashboard ? path : `${path}?next=${encodeURIComponent(next)}`;
}

/** What the page guards need to know of the session user (product.md "Routes and guards"). */
export interface GuardUser {
  /** 2FA passed, or not needed */
  authenticated: boolean;
  email_verified: boolean;
}

/**
 * Where a user goes after login, registration or a code (product.md "Login"): the 2FA or verification
 * page, carrying `next` on, or once fully logged in `next` (decision 432), else /dashboard.
 * @param search the query of the login or code page, e.g. "?next=%2Fdashboard%2Fservers%2F12"
 */
export function afterLoginRoute(user: GuardUser, search = ''): string {
  const next = nextOf(search);
  const route = nextRouteFor(user);
  return route === PAGES.dashboard ? (next ?? route) : withNext(route, next);
}

/** Where a user goes after login or registration (product.md "Login"). */
export function nextRouteFor(user: GuardUser): '/email/2fa' | '/email/verify' | '/dashboard' {
  if (!user.authenticated) return '/email/2fa';
  return user.email_verified ? '/dashboard' : '/email/verify';
}

/**
 * The spec's page guards (product.md "Routes and guards"), one rule for the client's router and the server's
 * pages: /dashboard and every address under it need a fully logged-in user (a path naming none is the 404
 * page for anyone) (else /login, /email/2fa or
 * /email/verify, carrying the address asked for as `?next=`, decision 432); /login and /register send a
 * logged-in user on (to their `next`); /email/{type} takes `2fa` or `verify` and a user who still owes it.
 * @param pathname the page's path, e.g. "/dashboard/servers/12"
 * @param user the session user, null when logged out
 * @param search the page's query, e.g. "?order=abc" (kept in `next`) or "?next=..." (passed on)
 * @returns the path to redirect to, or null when the page may render
 */
export function guardRedirect(pathname: string, user: GuardUser | null, search = ''): string | null {
  if (pathname === PAGES.dashboard || pathname.startsWith(`${PAGES.dashboard}/`)) {
    // A path naming no dashboard address is the 404 page for everyone (decision 431).
    if (!dashboardAddressOf(pathname)) return null;
    const asked = `${pathname}${search}`;
    const here = isNextAddress(asked) ? asked : null;
    if (!user) return withNext(PAGES.login, here);
    const next = nextRouteFor(user);
    return next === PAGES.dashboard ? null : withNext(next, here);
  }
  if (pathname === PAGES.login || pathname === PAGES.register)
    return user ? afterLoginRoute(user, search) : null;
  const email = /^\/email\/([^/]*)$/.exec(pathname);
  if (email) {
    if (email[1] !== '2fa' && email[1] !== 'verify') return PAGES.login;
    if (!user) return PAGES.login;
    return nextRouteFor(user) === PAGES.dashboard ? afterLoginRoute(user, search) : null;
  }
  return null;
}
