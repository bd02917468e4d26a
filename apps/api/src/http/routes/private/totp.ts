/**
 * /api/private/users/me/totp: authenticator-app 2FA beside the mailed code (decisions/027-totp.md); the
 * password and code checks are limited per customer, as other account calls.
 */
import { okBody } from '@falkenhost/contracts/auth';
import {
  recoveryCodesAnswer,
  totpCodeBody,
  totpSetupAnswer,
  totpSetupBody,
  totpState,
} from '@falkenhost/contracts/totp';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  startTotpSetup,
  totpStateOf,
} from '../../../identity/totp';
import { perCustomerLimit } from '../../customer-limit';
import { guard, userOf } from '../../guards';

export default async function totpRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const verified = guard(fastify, 'verified');

  const limit = () => perCustomerLimit(ctx);

  app.get('/', { onRequest: verified, schema: { response: { 200: totpState } } }, async (request) =>
    totpStateOf(ctx, await userOf(request)),
  );

  app.post(
    '/setup',
    {
      onRequest: verified,
      config: limit(),
      schema: { body: totpSetupBody, response: { 200: totpSetupAnswer } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startTotpSetup(ctx, await userOf(request), request.body.password);
    },
  );

  app.post(
    '/enable',
    {
      onRequest: verified,
      config: limit(),
      schema: { body: totpCodeBody, response: { 200: recoveryCodesAnswer } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { recoveryCodes: await enableTotp(ctx, await userOf(request), request.body.token) };
    },
  );

  app.post(
    '/disable',
    { onRequest: verified, config: limit(), schema: { body: totpCodeBody, response: { 200: okBody } } },
    async (request) => {
      await disableTotp(ctx, await userOf(request), request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/recovery-codes',
    {
      onRequest: verified,
      config: limit(),
      schema: { body: totpCodeBody, response: { 200: recoveryCodesAnswer } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { recoveryCodes: await regenerateRecoveryCodes(ctx, await userOf(request), request.body.token) };
    },
  );
}
