/**
 * Login, the second factor and the session's refresh (product.md "Login", "API calls"); cookies are
 * sessions.ts.
 */
import type { LoginBody, SessionUser } from '@falkenhost/contracts/auth';
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../platform/context';
import type { User } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { assertCaptcha } from './captcha';
import { consumeCode, mailCode } from './codes';
import { dummyHash, verifyPassword } from './passwords';
import type { RequestOrigin } from './registration';
import { clearSessionCookies, passMfa, rotateSession, sessionCookieOptions, startSession } from './sessions';
import { verifySecondFactor } from './totp';
import { findUserById } from './user-account';
import { findByEmail, spokenLanguageOf, toSessionUser, twoFactorMethodOf } from './users';

/**
 * POST login: checks the captcha and the password and starts a session, which may wait for a second factor
 * (docs/decisions/027-totp.md, 025-mail-language.md).
 * @throws AppError 400 captcha, 401 invalid-credentials (the password is hashed in every case: same timing),
 * 401 account-deactivated when the password is right but the account is deactivated (product.md
 * "States and transitions")
 */
export async function logIn(
  ctx: AppContext,
  reply: FastifyReply,
  body: LoginBody,
  origin: RequestOrigin,
): Promise<SessionUser> {
  const { email, password, captchaToken } = body;
  await assertCaptcha(ctx.captcha, { token: captchaToken, ip: origin.ip });
  const found = await findByEmail(ctx.db, email);
  const ok = await verifyPassword(found?.password_hash ?? (await dummyHash()), password);
  if (!found || !ok) throw new AppError(401, REASONS.invalidCredentials);
  // Only the one who knows the password learns that the account exists and is deactivated (decision 202).
  if (found.active !== 1) throw new AppError(401, REASONS.accountDeactivated);
  const language = spokenLanguageOf(origin.acceptLanguage);
  let user = found;
  if (language && language !== found.language) {
    user = { ...found, language };
    await ctx.db
      .updateTable('users')
      .set({ language, updated_at: ctx.now() })
      .where('id', '=', user.id)
      .execute();
  }
  const method = twoFactorMethodOf(user);
  const needsMfa = method !== null;
  await startSession(ctx.db, reply, user, !needsMfa, sessionCookieOptions(ctx));
  if (method === 'email') await mailCode(ctx, user, '2fa', true);
  return toSessionUser(user, !needsMfa, ctx.now());
}

/**
 * POST 2fa: passes the session's second factor (mailed, app or recovery code) and re-issues the cookies.
 * @throws AppError 400 invalid-code, 429 rate-limited
 */
export async function passSecondFactor(
  ctx: AppContext,
  reply: FastifyReply,
  user: User,
  session: { sessionId: number; mfa: boolean },
  code: string,
): Promise<SessionUser> {
  if (!session.mfa) {
    if (user.totp_enabled === 1) await verifySecondFactor(ctx, user, code);
    else await consumeCode(ctx.db, ctx.config.codeSecret, user.id, '2fa', code, ctx.now());
    await passMfa(ctx.db, reply, user, session.sessionId, sessionCookieOptions(ctx));
  }
  return toSessionUser(user, true, ctx.now());
}

/** POST resend-2fa: a new mailed code while the session waits for one. @throws AppError 429 too-soon */
export async function resendSecondFactorCode(ctx: AppContext, user: User, mfaPassed: boolean): Promise<void> {
  if (!mfaPassed && user.totp_enabled !== 1) await mailCode(ctx, user, '2fa', false);
}

/**
 * POST refresh-token: rotates the refresh cookie's session. @returns the session user
 * @throws AppError 401 unauthenticated when the session is over (cookies cleared: the client stops asking)
 */
export async function refreshSession(
  ctx: AppContext,
  reply: FastifyReply,
  refreshToken: string | undefined,
): Promise<SessionUser> {
  const rotated = await rotateSession(ctx.db, reply, refreshToken, sessionCookieOptions(ctx));
  if (!rotated) {
    clearSessionCookies(reply);
    throw new AppError(401, REASONS.unauthenticated);
  }
  return toSessionUser(await findUserById(ctx.db, rotated.userId), rotated.mfa, ctx.now());
}
