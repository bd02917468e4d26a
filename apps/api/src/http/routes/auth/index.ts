/**
 * /api/auth (spec 7 "Authentication", 4, 5, 8): captcha, register, login, logout, me, refresh-token,
 * verify-email and 2fa with mailed codes, and their resends. Every route is rate limited.
 */
import {
  captchaProvider,
  codeBody,
  loginBody,
  okBody,
  registerBody,
  secondFactorBody,
  sessionUser,
} from '@falkenhost/contracts/auth';
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeCode, issueCode } from '../../../identity/codes';
import { dummyHash, hashPassword, verifyPassword } from '../../../identity/passwords';
import {
  clearSessionCookies,
  endSession,
  passMfa,
  REFRESH_COOKIE,
  rotateSession,
  startSession,
} from '../../../identity/sessions';
import { verifySecondFactor } from '../../../identity/totp';
import {
  findByEmail,
  findByUsername,
  languageOf,
  spokenLanguageOf,
  toSessionUser,
  twoFactorMethodOf,
} from '../../../identity/users';
import type { User } from '../../../platform/db/schema';
import { AppError, isUniqueViolation } from '../../../platform/errors';
import { renderCodeMail } from '../../../platform/mail/templates';
import { authOf, guard, readAuth, userOf } from '../../guards';

export default async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer, captcha, now } = app.ctx;
  const cookieOptions = () => ({
    secure: config.publicUrl.startsWith('https:'),
    accessSecret: config.accessTokenSecret,
    now: now(),
  });
  const limit = (factor = 1) => ({
    rateLimit: { max: config.rateLimitPerMinute * factor, timeWindow: '1 minute' },
  });

  async function checkCaptcha(request: FastifyRequest, token: string): Promise<void> {
    if (!(await captcha.verify(token, request.ip))) throw new AppError(400, REASONS.captcha);
  }

  async function mailCode(user: User, purpose: 'verify-email' | '2fa', force: boolean): Promise<void> {
    const code = await issueCode(db, config.codeSecret, user.id, purpose, now(), force);
    const mail = renderCodeMail(purpose === '2fa' ? 'twoFactor' : 'verifyEmail', user.language, {
      username: user.username,
      code,
    });
    await mailer.send({ to: user.email, ...mail });
  }

  async function reloadUser(id: number): Promise<User> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  app.get('/captcha', { config: limit(3) }, async () => captcha.challenge());

  app.get(
    '/captcha-provider',
    { config: limit(3), schema: { response: { 200: captchaProvider } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      const { provider, turnstileSiteKey } = config.captcha;
      return provider === 'turnstile' && turnstileSiteKey
        ? { provider, siteKey: turnstileSiteKey }
        : { provider: 'altcha' as const };
    },
  );

  app.post(
    '/register',
    { config: limit(), schema: { body: registerBody, response: { 201: sessionUser } } },
    async (request, reply) => {
      const body = request.body;
      await checkCaptcha(request, body.captchaToken);
      if (await findByEmail(db, body.email)) throw new AppError(400, REASONS.email);
      if (await findByUsername(db, body.username)) throw new AppError(409, REASONS.username);
      const t = now();
      let user: User;
      try {
        user = await db
          .insertInto('users')
          .values({
            username: body.username,
            email: body.email,
            first_name: body.firstName,
            last_name: body.lastName,
            password_hash: await hashPassword(body.password),
            role: 'customer',
            news_subscription: body.news_subscription ? 1 : 0,
            language: languageOf(request.headers['accept-language']),
            referrer_id: null,
            ptero_user_id: null,
            mollie_customer_id: null,
            created_at: t,
            updated_at: t,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        // Two registrations racing for the same name or address: the unique index decides.
        if (isUniqueViolation(error)) {
          if (await findByEmail(db, body.email)) throw new AppError(400, REASONS.email);
          throw new AppError(409, REASONS.username);
        }
        throw error;
      }
      await startSession(db, reply, user, true, cookieOptions());
      await mailCode(user, 'verify-email', true);
      return reply.status(201).send(toSessionUser(user, true));
    },
  );

  app.post(
    '/login',
    { config: limit(), schema: { body: loginBody, response: { 200: sessionUser } } },
    async (request, reply) => {
      const { email, password, captchaToken } = request.body;
      await checkCaptcha(request, captchaToken);
      const found = await findByEmail(db, email);
      const ok = await verifyPassword(found?.password_hash ?? (await dummyHash()), password);
      if (!found || !ok || found.active !== 1) throw new AppError(401, REASONS.invalidCredentials);
      // Mail follows the language the customer last used the site in (docs/decisions/025-mail-language.md).
      const language = spokenLanguageOf(request.headers['accept-language']);
      let user = found;
      if (language && language !== found.language) {
        user = { ...found, language };
        await db
          .updateTable('users')
          .set({ language, updated_at: now() })
          .where('id', '=', user.id)
          .execute();
      }
      // TOTP takes precedence: its user enters the app's code, and no code is mailed (issue 9).
      const method = twoFactorMethodOf(user);
      const needsMfa = method !== null;
      await startSession(db, reply, user, !needsMfa, cookieOptions());
      if (method === 'email') await mailCode(user, '2fa', true);
      return toSessionUser(user, !needsMfa);
    },
  );

  app.post('/logout', { config: limit(3), schema: { response: { 200: okBody } } }, async (request, reply) => {
    const auth = await readAuth(fastify, request);
    await endSession(db, reply, auth?.sessionId ?? null, request.cookies[REFRESH_COOKIE], now());
    return { ok: true as const };
  });

  app.get(
    '/me',
    { config: limit(6), onRequest: guard(fastify, 'session'), schema: { response: { 200: sessionUser } } },
    async (request) => {
      return toSessionUser(await userOf(request), authOf(request).mfa);
    },
  );

  app.post(
    '/refresh-token',
    { config: limit(6), schema: { response: { 200: sessionUser } } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const rotated = await rotateSession(db, reply, request.cookies[REFRESH_COOKIE], cookieOptions());
      if (!rotated) {
        // The session is over: the client stops asking (the hint goes with the cookies).
        clearSessionCookies(reply);
        throw new AppError(401, REASONS.unauthenticated);
      }
      return toSessionUser(await reloadUser(rotated.userId), rotated.mfa);
    },
  );

  app.post(
    '/verify-email',
    {
      config: limit(),
      onRequest: guard(fastify, 'account'),
      schema: { body: codeBody, response: { 200: sessionUser } },
    },
    async (request) => {
      const auth = authOf(request);
      if (auth.user.email_verified !== 1) {
        await consumeCode(db, config.codeSecret, auth.user.id, 'verify-email', request.body.token, now());
        await db
          .updateTable('users')
          .set({ email_verified: 1, updated_at: now() })
          .where('id', '=', auth.user.id)
          .execute();
      }
      return toSessionUser(await reloadUser(auth.user.id), true);
    },
  );

  app.post(
    '/2fa',
    {
      config: limit(),
      onRequest: guard(fastify, 'session'),
      // a mailed code, or the app's code or a recovery code for a user with TOTP on (issue 9)
      schema: { body: secondFactorBody, response: { 200: sessionUser } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const user = await userOf(request);
      if (!auth.mfa) {
        if (user.totp_enabled === 1) await verifySecondFactor(app.ctx, user, request.body.token);
        else await consumeCode(db, config.codeSecret, user.id, '2fa', request.body.token, now());
        await passMfa(db, reply, user, auth.sessionId, cookieOptions());
      }
      return toSessionUser(user, true);
    },
  );

  const emptyBody = z.object({}).passthrough().optional();

  app.post(
    '/resend-email-verification',
    {
      config: limit(),
      onRequest: guard(fastify, 'account'),
      schema: { body: emptyBody, response: { 200: okBody } },
    },
    async (request) => {
      const user = await userOf(request);
      if (user.email_verified !== 1) await mailCode(user, 'verify-email', false);
      return { ok: true as const };
    },
  );

  app.post(
    '/resend-2fa',
    {
      config: limit(),
      onRequest: guard(fastify, 'session'),
      schema: { body: emptyBody, response: { 200: okBody } },
    },
    async (request) => {
      const user = await userOf(request);
      // A user with TOTP on gets no mailed code (the app makes them).
      if (!authOf(request).mfa && user.totp_enabled !== 1) await mailCode(user, '2fa', false);
      return { ok: true as const };
    },
  );
}
