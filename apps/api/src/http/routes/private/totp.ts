/**
 * /api/private/users/me/totp (issue 9): two-factor login by authenticator app (TOTP, RFC 6238) as a
 * choice in settings next to the spec's mailed-code 2FA (spec 2 "Settings"). Every route is for a
 * verified, logged-in user (the guard runs before the body is read); the calls that check a password or
 * a code have a per-customer limit of RATE_LIMIT_PER_MINUTE, as the other account calls that do.
 *
 * - `GET /` → 200 `{ enabled, recoveryCodesLeft }`
 * - `POST /setup { password }` → 200 `{ uri, qr, secret }`; 401 invalid-password, 409 totp-enabled
 * - `POST /enable { token }` → 200 `{ recoveryCodes }`; 400 invalid-code, 409 totp-enabled
 * - `POST /disable { token }` → 200 `{ ok: true }`; 400 invalid-code, 409 totp-disabled, 429 rate-limited
 * - `POST /recovery-codes { token }` → 200 `{ recoveryCodes }`; as disable
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
