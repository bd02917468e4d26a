/**
 * Registration and e-mail verification (product.md "Login", "API calls"); a new account is logged in at once.
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

export interface RequestOrigin {
  ip: string;
  acceptLanguage: string | undefined;
}

/**
 * POST register: creates a customer, starts a session with 2FA passed and mails the verification code.
 * @returns the session user (the route answers 201)
 * @throws AppError 400 captcha, 400 email (taken), 409 username (taken, any case)
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
  return toSessionUser(user, true, ctx.now());
}

/** POST verify-email: spends the code and verifies the address. @throws AppError 400 invalid-code */
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
  return toSessionUser(await findUserById(ctx.db, user.id), true, ctx.now());
}

/** POST resend-email-verification: a new code for an unverified address. @throws AppError 429 too-soon */
export async function resendEmailVerification(ctx: AppContext, user: User): Promise<void> {
  if (user.email_verified !== 1) await mailCode(ctx, user, 'verify-email', false);
}
