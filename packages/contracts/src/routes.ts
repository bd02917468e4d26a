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
  dashboard: '/dashboard',
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
  PAGES.dashboard,
];

/** What the page guards need to know of the session user (product.md "Routes and guards"). */
export interface GuardUser {
  /** 2FA passed, or not needed */
  authenticated: boolean;
  email_verified: boolean;
}

/** Where a user goes after login or registration (product.md "Login"). */
export function nextRouteFor(user: GuardUser): '/email/2fa' | '/email/verify' | '/dashboard' {
  if (!user.authenticated) return '/email/2fa';
  return user.email_verified ? '/dashboard' : '/email/verify';
}

/**
 * The spec's page guards (product.md "Routes and guards"), one rule for the client's router and the server's
 * pages: /dashboard needs a fully logged-in user (else /login, /email/2fa or /email/verify); /login and
 * /register send a logged-in user on; /email/{type} takes `2fa` or `verify` and a user who still owes it.
 * @param pathname the page's path, e.g. "/dashboard"
 * @param user the session user, null when logged out
 * @returns the path to redirect to, or null when the page may render
 */
export function guardRedirect(pathname: string, user: GuardUser | null): string | null {
  if (pathname === PAGES.dashboard || pathname.startsWith(`${PAGES.dashboard}/`)) {
    if (!user) return PAGES.login;
    const next = nextRouteFor(user);
    return next === PAGES.dashboard ? null : next;
  }
  if (pathname === PAGES.login || pathname === PAGES.register) return user ? nextRouteFor(user) : null;
  const email = /^\/email\/([^/]*)$/.exec(pathname);
  if (email) {
    if (email[1] !== '2fa' && email[1] !== 'verify') return PAGES.login;
    if (!user) return PAGES.login;
    return nextRouteFor(user) === PAGES.dashboard ? PAGES.dashboard : null;
  }
  return null;
}
