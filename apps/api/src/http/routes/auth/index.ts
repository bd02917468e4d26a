/**
 * /api/auth (spec 7 "Authentication", 4, 5, 8): captcha, register, login, logout, me, refresh-token,
 * verify-email and 2fa with mailed codes, and their resends. Every route is rate limited; the flows are
 * identity/registration.ts and identity/login.ts.
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
import { authOf, guard, readAuth, userOf } from '../../guards';

const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  acceptLanguage: request.headers['accept-language'],
});

export default async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const { db, config, captcha } = ctx;
  const limit = (factor = 1) => ({
    rateLimit: { max: config.rateLimitPerMinute * factor, timeWindow: '1 minute' },
  });

  app.get('/captcha', { config: limit(3) }, async () => captcha.challenge());

  app.get(
    '/captcha-provider',
    { config: limit(3), schema: { response: { 200: captchaProvider } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return captchaProviderOf(config);
    },
  );

  app.post(
    '/register',
    { config: limit(), schema: { body: registerBody, response: { 201: sessionUser } } },
    async (request, reply) => {
      const user = await registerCustomer(ctx, reply, request.body, originOf(request));
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/login',
    { config: limit(), schema: { body: loginBody, response: { 200: sessionUser } } },
    async (request, reply) => logIn(ctx, reply, request.body, originOf(request)),
  );

  app.post('/logout', { config: limit(3), schema: { response: { 200: okBody } } }, async (request, reply) => {
    const auth = await readAuth(fastify, request);
    await endSession(db, reply, auth?.sessionId ?? null, request.cookies[REFRESH_COOKIE], sessionNow());
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
    async (request: FastifyRequest, reply: FastifyReply) =>
      refreshSession(ctx, reply, request.cookies[REFRESH_COOKIE]),
  );

  app.post(
    '/verify-email',
    {
      config: limit(),
      onRequest: guard(fastify, 'account'),
      schema: { body: codeBody, response: { 200: sessionUser } },
    },
    async (request) => verifyEmail(ctx, authOf(request).user, request.body.token),
  );

  app.post(
    '/2fa',
    {
      config: limit(),
      onRequest: guard(fastify, 'session'),
      // a mailed code, or the app's code or a recovery code for a user with TOTP on
      schema: { body: secondFactorBody, response: { 200: sessionUser } },
    },
    async (request, reply) =>
      passSecondFactor(ctx, reply, await userOf(request), authOf(request), request.body.token),
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
      await resendEmailVerification(ctx, await userOf(request));
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
      await resendSecondFactorCode(ctx, await userOf(request), authOf(request).mfa);
      return { ok: true as const };
    },
  );
}
