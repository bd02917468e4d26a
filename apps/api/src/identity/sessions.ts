/**
 * Sessions: one row per refresh token, rotated on every refresh
 * (docs/decisions/020-access-and-refresh-tokens.md, 028-session-hint-cookie.md).
 */
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_DAYS } from '@falkenhost/contracts/constants';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { DAY_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import type { Database, User } from '../platform/db/schema';
import { newRefreshToken, sha256, signAccessToken } from './tokens';

export const ACCESS_COOKIE = 'fh_access';
export const REFRESH_COOKIE = 'fh_refresh';
export const SESSION_HINT_COOKIE = 'fh_session';
const REFRESH_MS = REFRESH_TOKEN_DAYS * DAY_MS;
/** A rotated token seen again within this window is a parallel refresh of two tabs, not a theft. */
const ROTATION_GRACE_MS = 30_000;

/**
 * The time sessions and access tokens live by, in epoch ms: the wall clock, never the demo's movable
 * product clock, so moving the demo a month ahead logs nobody out (docs/decisions/244).
 */
export function sessionNow(): number {
  return Date.now();
}

interface CookieOptions {
  secure: boolean;
  accessSecret: string;
  now: number;
}

export function sessionCookieOptions(ctx: Pick<AppContext, 'config'>): CookieOptions {
  return {
    secure: ctx.config.publicUrl.startsWith('https:'),
    accessSecret: ctx.config.accessTokenSecret,
    now: sessionNow(),
  };
}

async function setCookies(
  reply: FastifyReply,
  user: Pick<User, 'id' | 'token_version'>,
  session: { id: number; mfa: boolean },
  refreshToken: string,
  o: CookieOptions,
): Promise<void> {
  const access = await signAccessToken(
    o.accessSecret,
    { sub: user.id, sid: session.id, tv: user.token_version, mfa: session.mfa },
    o.now,
  );
  reply.setCookie(ACCESS_COOKIE, access, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: o.secure,
    maxAge: ACCESS_TOKEN_SECONDS,
  });
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: o.secure,
    maxAge: REFRESH_MS / 1000,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: o.secure,
    maxAge: REFRESH_MS / 1000,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}

export async function startSession(
  db: Kysely<Database>,
  reply: FastifyReply,
  user: Pick<User, 'id' | 'token_version'>,
  mfaPassed: boolean,
  o: CookieOptions,
): Promise<{ id: number }> {
  const { token, hash } = newRefreshToken();
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: user.id,
      token_hash: hash,
      family: randomUUID(),
      mfa_passed: mfaPassed ? 1 : 0,
      expires_at: o.now + REFRESH_MS,
      rotated_at: null,
      revoked_at: null,
      created_at: o.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setCookies(reply, user, { id: row.id, mfa: mfaPassed }, token, o);
  return row;
}

/**
 * Rotates the refresh token in the cookie; a spent token seen after the grace window revokes its family.
 * @returns the user id and whether 2FA is passed, or null when the token is not valid
 */
export async function rotateSession(
  db: Kysely<Database>,
  reply: FastifyReply,
  refreshToken: string | undefined,
  o: CookieOptions,
): Promise<{ userId: number; mfa: boolean } | null> {
  if (!refreshToken) return null;
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', sha256(refreshToken))
    .executeTakeFirst();
  if (!session || session.revoked_at !== null || session.expires_at <= o.now) return null;
  if (session.rotated_at !== null) {
    if (o.now - session.rotated_at > ROTATION_GRACE_MS) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: o.now })
        .where('family', '=', session.family)
        .execute();
    }
    return null;
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'token_version', 'active'])
    .where('id', '=', session.user_id)
    .executeTakeFirst();
  if (user?.active !== 1) return null;
  const spent = await db
    .updateTable('sessions')
    .set({ rotated_at: o.now })
    .where('id', '=', session.id)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) return null;
  const { token, hash } = newRefreshToken();
  const next = await db
    .insertInto('sessions')
    .values({
      user_id: user.id,
      token_hash: hash,
      family: session.family,
      mfa_passed: session.mfa_passed,
      expires_at: session.expires_at,
      rotated_at: null,
      revoked_at: null,
      created_at: o.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setCookies(reply, user, { id: next.id, mfa: session.mfa_passed === 1 }, token, o);
  return { userId: user.id, mfa: session.mfa_passed === 1 };
}

export async function passMfa(
  db: Kysely<Database>,
  reply: FastifyReply,
  user: Pick<User, 'id' | 'token_version'>,
  sessionId: number,
  o: CookieOptions,
): Promise<void> {
  const session = await db
    .selectFrom('sessions')
    .select('family')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  // The pre-2FA refresh tokens of this login are spent; a fresh one carries the passed state.
  await db.updateTable('sessions').set({ revoked_at: o.now }).where('family', '=', session.family).execute();
  await startSession(db, reply, user, true, o);
}

export async function endSession(
  db: Kysely<Database>,
  reply: FastifyReply,
  sessionId: number | null,
  refreshToken: string | undefined,
  now: number,
): Promise<void> {
  const families = db.selectFrom('sessions').select('family');
  const byRefresh = refreshToken ? families.where('token_hash', '=', sha256(refreshToken)) : null;
  const bySession = sessionId !== null ? families.where('id', '=', sessionId) : null;
  for (const query of [byRefresh, bySession]) {
    const row = await query?.executeTakeFirst();
    if (row)
      await db.updateTable('sessions').set({ revoked_at: now }).where('family', '=', row.family).execute();
  }
  clearSessionCookies(reply);
}
