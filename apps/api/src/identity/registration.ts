/**
 * Registration and e-mail verification (spec 4 "Registration", 5, 7 register, verify-email,
 * resend-email-verification; 8). A new account is logged in at once and gets a mailed code to verify
 * its address; the dashboard waits for the verification (spec 2 "Guards").
 */
import type { RegisterBody, SessionUser } from '@falkenhost/contracts/auth';
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../platform/context';
import type { User } from '../platform/db/schema';
import { AppError, isUniqueViolation } from '../platform/errors';
import { assertCaptcha } from './captcha';
import { consumeCode, mailCode } from './codes';
import { hashPassword } from './passwords';
import { sessionCookieOptions, startSession } from './sessions';
import { findUserById } from './user-account';
import { createUser, findByEmail, findByUsername, languageOf, toSessionUser } from './users';

/** Where a request came from: its address (captcha) and Accept-Language header (mail language). */
export interface RequestOrigin {
  ip: string;
  acceptLanguage: string | undefined;
}

/**
 * POST register: checks the captcha, creates a customer, starts a session with 2FA passed (cookies on
 * `reply`) and mails the e-mail verification code. Mail goes in the first spoken Accept-Language language.
 * @returns the session user (the route answers 201)
 * @throws AppError 400 captcha, 400 email (address taken), 409 username (name taken, any case)
 */
export async function registerCustomer(
  ctx: AppContext,
  reply: FastifyReply,
  body: RegisterBody,
  origin: RequestOrigin,
): Promise<SessionUser> {
  const { db } = ctx;
  await assertCaptcha(ctx.captcha, { token: body.captchaToken, ip: origin.ip });
  if (await findByEmail(db, body.email)) throw new AppError(400, REASONS.email);
  if (await findByUsername(db, body.username)) throw new AppError(409, REASONS.username);
  const t = ctx.now();
  let user: User;
  try {
    user = await createUser(db, {
      username: body.username,
      email: body.email,
      first_name: body.firstName,
      last_name: body.lastName,
      password_hash: await hashPassword(body.password),
      role: 'customer',
      news_subscription: body.news_subscription ? 1 : 0,
      language: languageOf(origin.acceptLanguage),
      referrer_id: null,
      ptero_user_id: null,
      mollie_customer_id: null,
      created_at: t,
      updated_at: t,
    });
  } catch (error) {
    // Two registrations racing for the same name or address: the unique index decides.
    if (isUniqueViolation(error)) {
      if (await findByEmail(db, body.email)) throw new AppError(400, REASONS.email);
      throw new AppError(409, REASONS.username);
    }
    throw error;
  }
  await startSession(db, reply, user, true, sessionCookieOptions(ctx));
  await mailCode(ctx, user, 'verify-email', true);
  return toSessionUser(user, true);
}

/**
 * POST verify-email: spends the mailed code and marks the address verified; an address verified already
 * needs no code.
 * @param emailVerified the user's `email_verified` as the guard read it
 * @throws AppError 400 invalid-code (codes.ts consumeCode)
 */
export async function verifyEmail(
  ctx: AppContext,
  user: Pick<User, 'id' | 'email_verified'>,
  code: string,
): Promise<SessionUser> {
  if (user.email_verified !== 1) {
    await consumeCode(ctx.db, ctx.config.codeSecret, user.id, 'verify-email', code, ctx.now());
    await ctx.db
      .updateTable('users')
      .set({ email_verified: 1, updated_at: ctx.now() })
      .where('id', '=', user.id)
      .execute();
  }
  return toSessionUser(await findUserById(ctx.db, user.id), true);
}

/**
 * POST resend-email-verification: a new code for an address not verified yet (nothing otherwise).
 * @throws AppError 429 too-soon within 120 s of the last code (spec 5)
 */
export async function resendEmailVerification(ctx: AppContext, user: User): Promise<void> {
  if (user.email_verified !== 1) await mailCode(ctx, user, 'verify-email', false);
}
