/** Route guards, stated at each route as onRequest hooks (decisions/094-guards-and-errors.md). */

import type { SessionUser } from '@falkenhost/contracts/auth';
import type { Role } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { roleOf } from '../identity/roles';
import { type SessionUserColumns, sessionUser } from '../identity/session-user';
import { ACCESS_COOKIE, SESSION_HINT_COOKIE, sessionNow } from '../identity/sessions';
import { type AccessClaims, knownAccessClaims, verifyAccessToken } from '../identity/tokens';
import { findUser, toSessionUser } from '../identity/users';
import type { Database, User } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { type NowOrLater, whenReady } from '../platform/now-or-later';

export interface RequestAuth {
  user: SessionUserColumns;
  sessionId: number;
  /** 2FA passed (or not needed) */
  mfa: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: RequestAuth;
  }
}

/**
 * - `session`: any logged-in user, also while a 2FA code is pending (2FA code entry, /me)
 * - `account`: 2FA passed, e-mail perhaps not verified yet (e-mail verification)
 * - `verified`: 2FA passed and e-mail verified: the dashboard and every /api/private route (product.md
 *   "Routes and guards")
 */
export type AuthLevel = 'session' | 'account' | 'verified';

/** Access tokens being checked for the first time, by request: checked once though two callers ask. */
const verifying = new WeakMap<
  object,
  { token: string; secret: string; claims: Promise<AccessClaims | null> }
>();

/**
 * The claims of the request's access cookie (the rate-limit key and the guard both ask); a new token's
 * signature is checked once per request. @returns null when absent, forged or expired
 */
export function accessClaims(
  request: FastifyRequest,
  secret: string,
  nowMs: number,
): NowOrLater<AccessClaims | null> {
  const token = request.cookies?.[ACCESS_COOKIE];
  if (!token) return null;
  const known = knownAccessClaims(secret, token, nowMs);
  if (known !== undefined) return known;
  const seen = verifying.get(request);
  if (seen && seen.token === token && seen.secret === secret) return seen.claims;
  const claims = verifyAccessToken(secret, token, nowMs);
  verifying.set(request, { token, secret, claims });
  return claims;
}

/** The request's auth from its claims and session row; null when the account is off or the token version bumped. */
function admitted(row: SessionUserColumns | undefined, claims: AccessClaims): RequestAuth | null {
  if (row?.active !== 1 || row.token_version !== claims.tv) return null;
  return { user: row, sessionId: claims.sid, mfa: claims.mfa };
}

function sessionAuth(db: Kysely<Database>, claims: AccessClaims | null): NowOrLater<RequestAuth | null> {
  if (!claims) return null;
  return whenReady(sessionUser(db, claims.sub, claims.sid), (row) => admitted(row, claims));
}

/**
 * Reads and checks the access cookie; null when absent or not valid, the account off or the token version
 * bumped. @throws Error when the database cannot be read
 */
export function readAuth(app: FastifyInstance, request: FastifyRequest): NowOrLater<RequestAuth | null> {
  const { db, config } = app.ctx;
  return whenReady(accessClaims(request, config.accessTokenSecret, sessionNow()), (claims) =>
    sessionAuth(db, claims),
  );
}

/**
 * An onRequest hook admitting a request at `level` and, when given, only these roles. Register it only as
 * `onRequest`: a caller who may not use the route is refused before its input is read (record 094).
 * @throws AppError 401 unauthenticated, 403 unverified, 403 forbidden (passed to `done`)
 */
export function guard(app: FastifyInstance, level: AuthLevel, roles?: readonly Role[]): onRequestHookHandler {
  const admit = (request: FastifyRequest, auth: RequestAuth | null): AppError | undefined => {
    if (!auth) return new AppError(401, REASONS.unauthenticated);
    if (level !== 'session' && !auth.mfa) return new AppError(403, REASONS.unverified);
    if (level === 'verified' && auth.user.email_verified !== 1) return new AppError(403, REASONS.unverified);
    if (roles && !roles.includes(roleOf(auth.user))) return new AppError(403, REASONS.forbidden);
    request.auth = auth;
    return undefined;
  };
  return (request, _reply, done) => {
    let auth: NowOrLater<RequestAuth | null>;
    try {
      auth = readAuth(app, request);
    } catch (error) {
      done(error as FastifyError);
      return;
    }
    if (auth instanceof Promise)
      auth.then(
        (a) => done(admit(request, a) as FastifyError | undefined),
        (error: FastifyError) => done(error),
      );
    else done(admit(request, auth) as FastifyError | undefined);
  };
}

/** The authenticated request's auth; only call behind a guard. @throws AppError 401 without one */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError(401, REASONS.unauthenticated);
  return request.auth;
}

/**
 * The whole row of the authenticated request's user (the guard reads only SESSION_USER_COLUMNS).
 * @throws AppError 401 without an authenticated user (none, or deleted since the guard)
 */
export async function userOf(request: FastifyRequest): Promise<User> {
  const row = await findUser(request.server.ctx.db, authOf(request).user.id);
  if (!row) throw new AppError(401, REASONS.unauthenticated);
  return row;
}

/**
 * The session user a page is rendered for (the server's page guards, site/page-guards.ts): the user of a valid
 * access cookie; undefined when the session hint says a session may go on (an expired access cookie: the
 * browser refreshes it on /api/auth, where the refresh cookie lives, then its guard decides); null when
 * there is no session.
 * @throws Error when the database cannot be read
 */
export async function pageSession(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionUser | null | undefined> {
  const auth = await readAuth(app, request);
  const row = auth && (await findUser(app.ctx.db, auth.user.id));
  if (auth && row) return toSessionUser(row, auth.mfa, app.ctx.now());
  return request.cookies?.[SESSION_HINT_COOKIE] ? undefined : null;
}
