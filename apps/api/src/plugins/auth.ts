/**
 * Route guards. Every private route states its guard as an onRequest hook, so a reader sees at the route
 * who may call it (style.md) and a caller who may not is refused before the body is read or any field is
 * validated; the web client's menu is a convenience, never the guard (architecture.md).
 */

import type { Role } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { CompiledQuery, type InferResult, type Kysely } from 'kysely';
import { ACCESS_COOKIE } from '../auth/sessions';
import { type AccessClaims, verifyAccessToken } from '../auth/tokens';
import { selectNow } from '../db/database';
import type { Database, User } from '../db/schema';
import { AppError } from '../lib/errors';

/**
 * The user's columns read with the session on every logged-in request: what the guards check and what the
 * most called routes answer with (the balance the top bar polls). The whole row costs several times more
 * to read (22 columns, strings among them: issue 11 part 4); a route that needs it calls `userOf`.
 */
const SESSION_USER_COLUMNS = [
  'users.id',
  'users.role',
  'users.credits',
  'users.email_verified',
  'users.active',
  'users.token_version',
] as const;

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
 * - `verified`: 2FA passed and e-mail verified: the dashboard and every /api/private route (spec 2 "Guards")
 */
export type AuthLevel = 'session' | 'account' | 'verified';

const verified = new WeakMap<
  object,
  { token: string; secret: string; claims: Promise<AccessClaims | null> }
>();

/**
 * The claims of the request's access cookie, verified once per request: the per-customer rate limit's key
 * and the route's guard both ask (issue 11, part 4). @returns null when absent, forged or expired
 */
export function accessClaims(
  request: FastifyRequest,
  secret: string,
  nowMs: number,
): Promise<AccessClaims | null> {
  const token = request.cookies?.[ACCESS_COOKIE];
  if (!token) return Promise.resolve(null);
  const seen = verified.get(request);
  if (seen && seen.token === token && seen.secret === secret) return seen.claims;
  const claims = verifyAccessToken(secret, token, nowMs);
  verified.set(request, { token, secret, claims });
  return claims;
}

const sessionUserQuery = (db: Kysely<Database>, userId: number, sessionId: number) =>
  db
    .selectFrom('users')
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select(SESSION_USER_COLUMNS)
    .where('users.id', '=', userId)
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null);

/** The user's columns a guard has read (SESSION_USER_COLUMNS); `userOf` gives the whole row. */
export type SessionUserColumns = InferResult<ReturnType<typeof sessionUserQuery>>[number];

const compiledSessionUser = new WeakMap<Kysely<Database>, string>();

/**
 * The user of a session that is not revoked, read on every logged-in request. Its SQL is built
 * once per database and run with the two ids: building and compiling it with Kysely each time cost more
 * than the query (issue 11, part 4). On SQLite it runs at once outside transactions (`selectNow`).
 */
async function sessionUser(
  db: Kysely<Database>,
  userId: number,
  sessionId: number,
): Promise<SessionUserColumns | undefined> {
  let text = compiledSessionUser.get(db);
  if (text === undefined) {
    const compiled = sessionUserQuery(db, -1, -2).compile();
    if (compiled.parameters.join() !== '-1,-2')
      throw new Error('the session query takes the two ids in order');
    text = compiled.sql;
    compiledSessionUser.set(db, text);
  }
  const parameters = [userId, sessionId];
  const now = selectNow<SessionUserColumns>(db, text, parameters);
  if (now) return now[0];
  const { rows } = await db.executeQuery<SessionUserColumns>(CompiledQuery.raw(text, parameters));
  return rows[0];
}

/** Reads and checks the access cookie; null when absent or not valid. Ends at a deactivated account or a bumped token version. */
export async function readAuth(app: FastifyInstance, request: FastifyRequest): Promise<RequestAuth | null> {
  const { db, config, now } = app.ctx;
  const claims = await accessClaims(request, config.accessTokenSecret, now());
  if (!claims) return null;
  const row = await sessionUser(db, claims.sub, claims.sid);
  if (row?.active !== 1 || row.token_version !== claims.tv) return null;
  return { user: row, sessionId: claims.sid, mfa: claims.mfa };
}

/**
 * An onRequest hook that admits a request at the given level and, when given, only these roles. Register
 * it as `onRequest` (`app.addHook('onRequest', guard(...))` or a route's `onRequest` option), never as a
 * preHandler or preValidation: after onRequest Fastify reads and parses the body (a body that is no JSON
 * is a 400 already) and then validates body, query string and params, so only in onRequest is a caller
 * who may not use the route answered 401/403 before anything about the input (no 400 listing the fields
 * to someone who may not call the route). The access cookie is already parsed then: @fastify/cookie's
 * own onRequest hook is registered before the API routes (server.ts) and so runs first.
 * @throws AppError 401 unauthenticated, 403 unverified, 403 forbidden
 */
export function guard(
  app: FastifyInstance,
  level: AuthLevel,
  roles?: readonly Role[],
): onRequestAsyncHookHandler {
  return async (request) => {
    const auth = await readAuth(app, request);
    if (!auth) throw new AppError(401, REASONS.unauthenticated);
    if (level !== 'session' && !auth.mfa) throw new AppError(403, REASONS.unverified);
    if (level === 'verified' && auth.user.email_verified !== 1) throw new AppError(403, REASONS.unverified);
    if (roles && !roles.includes(roleOf(auth.user))) throw new AppError(403, REASONS.forbidden);
    request.auth = auth;
  };
}

/** Spec 6: any role value other than admin or master is a customer. */
export function roleOf(user: Pick<User, 'role'>): Role {
  return user.role === 'admin' || user.role === 'master' ? user.role : 'customer';
}

/** The authenticated request's auth; only call behind a guard. @throws AppError 401 without one */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError(401, REASONS.unauthenticated);
  return request.auth;
}

/**
 * The whole row of the authenticated request's user (the guard reads only SESSION_USER_COLUMNS). Only
 * call behind a guard.
 * @throws AppError 401 without an authenticated user (none, or the account was deleted since the guard)
 */
export async function userOf(request: FastifyRequest): Promise<User> {
  const row = await request.server.ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', authOf(request).user.id)
    .executeTakeFirst();
  if (!row) throw new AppError(401, REASONS.unauthenticated);
  return row;
}
