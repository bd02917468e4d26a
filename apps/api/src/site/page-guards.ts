/**
 * The server's page guards (product.md "Routes and guards"; contracts routes.ts guardRedirect): a guarded
 * page asked for with a session cookie is rendered for that user, or redirected as the client's guard would.
 */
import type { SessionUser } from '@falkenhost/contracts/auth';
import { DASHBOARD_PAGES } from '@falkenhost/contracts/dashboard-addresses';
import { guardRedirect, PAGES, type PagePath } from '@falkenhost/contracts/routes';
import type { FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../identity/sessions';

/**
 * The session user of a page request, for the page guards (product.md "Routes and guards"): the user, null
 * when the request carries no session at all, undefined when it may have one the server cannot read now (an
 * expired access cookie beside a refresh cookie: the browser refreshes and decides).
 */
export type PageSession = (request: FastifyRequest) => Promise<SessionUser | null | undefined>;

/**
 * The pages whose guard needs the session (product.md "Routes and guards"): the server redirects as the
 * client would.
 */
const GUARDED: readonly PagePath[] = [
  PAGES.login,
  PAGES.register,
  PAGES.emailCode,
  ...Object.values(DASHBOARD_PAGES),
];

/** The request carries a session cookie (the identity module's names); without one it is anonymous. */
export function mayHaveSession(request: FastifyRequest): boolean {
  const cookies = request.cookies ?? {};
  return [ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE].some((name) => cookies[name] !== undefined);
}

/** Whether `page` has a guard that needs the session. */
export function isGuarded(page: PagePath): boolean {
  return GUARDED.includes(page);
}

/**
 * The guard of a guarded page at `path`: the session it is rendered for (as PageSession; null without a
 * session cookie, the session not read then) and where the visitor is sent instead (null: nowhere; never
 * when the session cannot be read now). The query goes with the path: a guest sent to /login carries the
 * dashboard address asked for as `?next=` (decision 432).
 * @param path the page's path and query, e.g. "/dashboard/servers/12?renew=12"
 * @throws Error when the session cannot be read (PageSession's errors)
 */
export async function guardPage(
  request: FastifyRequest,
  path: string,
  pageSession: PageSession,
): Promise<{ session: SessionUser | null | undefined; redirect: string | null }> {
  const session = mayHaveSession(request) ? await pageSession(request) : null;
  const at = path.indexOf('?');
  const [pathname, query] = at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
  const redirect = session === undefined ? null : guardRedirect(pathname, session, query);
  return { session, redirect };
}
