/**
 * /api/auth (product.md "Authentication calls", "States and transitions", "Validation rules",
 * "Error catalogue"): captcha, register, login, logout, me, refresh-token, verify-email and 2fa with mailed
 * codes, and their resends. Every route is rate limited; the flows are identity/registration.ts and
 * identity/login.ts.
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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { captchaProviderOf } from '../../../identity/captcha';
import { logIn, passSecondFactor, refreshSession, resendSecondFactorCode } from '../../../identity/login';
import {
  type RequestOrigin,
  registerCustomer,
  resendEmailVerification,
  verifyEmail,
} from '../../../identity/registration';
import { endSession, REFRESH_COOKIE, sessionNow } from '../../../identity/sessions';
import { toSessionUser } from '../../../identity/users';
import type { Config } from '../../../platform/config';
import { authOf, guard, readAuth, userOf } from '../../guards';
import type { ZodApp } from '../../zod-app';

const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  acceptLanguage: request.headers['accept-language'],
});

/** A route's rate limit: `factor` times RATE_LIMIT_PER_MINUTE requests a minute. */
function limit(config: Config, factor = 1) {
  return { rateLimit: { max: config.rateLimitPerMinute * factor, timeWindow: '1 minute' } };
}

const emptyBody = z.object({}).passthrough().optional();

export default async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerCaptchaRoutes(app);
  registerSessionRoutes(app);
  registerCodeRoutes(app);
}

/** GET captcha (a challenge) and captcha-provider (which captcha the forms show). */
function registerCaptchaRoutes(app: ZodApp): void {
  const { config, captcha } = app.ctx;

  app.get('/captcha', { config: limit(config, 3) }, async () => captcha.challenge());

  app.get(
    '/captcha-provider',
    { config: limit(config, 3), schema: { response: { 200: captchaProvider } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return captchaProviderOf(config);
    },
  );
}

/** register, login, logout, me and refresh-token: a session begun, read, renewed and ended. */
function registerSessionRoutes(app: ZodApp): void {
  const ctx = app.ctx;
  const { db, config } = ctx;

  app.post(
    '/register',
    { config: limit(config), schema: { body: registerBody, response: { 201: sessionUser } } },
    async (request, reply) => {
      const user = await registerCustomer(ctx, reply, request.body, originOf(request));
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/login',
    { config: limit(config), schema: { body: loginBody, response: { 200: sessionUser } } },
    async (request, reply) => logIn(ctx, reply, request.body, originOf(request)),
  );

  app.post(
    '/logout',
    { config: limit(config, 3), schema: { response: { 200: okBody } } },
    async (request, reply) => {
      const auth = await readAuth(app, request);
      await endSession(db, reply, auth?.sessionId ?? null, request.cookies[REFRESH_COOKIE], sessionNow());
      return { ok: true as const };
    },
  );

  app.get(
    '/me',
    {
      config: limit(config, 6),
      onRequest: guard(app, 'session'),
      schema: { response: { 200: sessionUser } },
    },
    async (request) => {
      return toSessionUser(await userOf(request), authOf(request).mfa, ctx.now());
    },
  );

  app.post(
    '/refresh-token',
    { config: limit(config, 6), schema: { response: { 200: sessionUser } } },
    async (request: FastifyRequest, reply: FastifyReply) =>
      refreshSession(ctx, reply, request.cookies[REFRESH_COOKIE]),
  );
}

/** verify-email and 2fa with the mailed codes (or the app's), and the resends of those codes. */
function registerCodeRoutes(app: ZodApp): void {
  const ctx = app.ctx;
  const { config } = ctx;

  app.post(
    '/verify-email',
    {
      config: limit(config),
      onRequest: guard(app, 'account'),
      schema: { body: codeBody, response: { 200: sessionUser } },
    },
    async (request) => verifyEmail(ctx, authOf(request).user, request.body.token),
  );

  app.post(
    '/2fa',
    {
      config: limit(config),
      onRequest: guard(app, 'session'),
      // a mailed code, or the app's code or a recovery code for a user with TOTP on
      schema: { body: secondFactorBody, response: { 200: sessionUser } },
    },
    async (request, reply) =>
      passSecondFactor(ctx, reply, await userOf(request), authOf(request), request.body.token),
  );

  app.post(
    '/resend-email-verification',
    {
      config: limit(config),
      onRequest: guard(app, 'account'),
      schema: { body: emptyBody, response: { 200: okBody } },
    },
    async (request) => {
      await resendEmailVerification(ctx, await userOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/resend-2fa',
    {
      config: limit(config),
      onRequest: guard(app, 'session'),
      schema: { body: emptyBody, response: { 200: okBody } },
    },
    async (request) => {
      await resendSecondFactorCode(ctx, await userOf(request), authOf(request).mfa);
      return { ok: true as const };
    },
  );
}
