/**
 * /api/private/users/me* (product.md "API calls", "Error catalogue" ("Settings")): the customer's own
 * account, for verified users except update-user-execute, whose mailed token is the proof
 * (docs/decisions/002-rate-limits.md, 079).
 */
import {
  accountProfile,
  newsletterBody,
  twoFactorBody,
  updatePasswordBody,
  updateUserAnswer,
  updateUserBody,
  updateUserExecuteAnswer,
  updateUserExecuteBody,
} from '@falkenhost/contracts/account';
import { okBody } from '@falkenhost/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { executeAccountChange, requestAccountChange } from '../../../accounts/account-change';
import { deactivateAccount } from '../../../accounts/deactivation';
import { exportAccount } from '../../../accounts/export';
import { changePassword } from '../../../accounts/password-change';
import { profileOf, setAccountFlag } from '../../../accounts/profile';
import { perCustomerLimit } from '../../customer-limit';
import { authOf, guard, readAuth, userOf } from '../../guards';

export default async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const verified = guard(fastify, 'verified');

  const limit = () => perCustomerLimit(ctx);

  app.get('/me', { onRequest: verified, schema: { response: { 200: accountProfile } } }, async (request) =>
    profileOf(await userOf(request)),
  );

  app.put(
    '/me/newsletter',
    { onRequest: verified, schema: { body: newsletterBody, response: { 200: accountProfile } } },
    async (request) =>
      setAccountFlag(ctx, authOf(request).user.id, 'news_subscription', request.body.news_subscription),
  );

  app.put(
    '/me/2fa',
    { onRequest: verified, schema: { body: twoFactorBody, response: { 200: accountProfile } } },
    async (request) =>
      setAccountFlag(ctx, authOf(request).user.id, 'two_factor_auth', request.body.two_factor_auth),
  );

  app.put(
    '/me/update-password',
    {
      onRequest: verified,
      config: limit(),
      schema: { body: updatePasswordBody, response: { 200: okBody } },
    },
    async (request, reply) => {
      await changePassword(ctx, reply, await userOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.put(
    '/me/deactivate',
    { onRequest: verified, config: limit(), schema: { response: { 200: okBody } } },
    async (request, reply) => {
      await deactivateAccount(ctx, reply, await userOf(request));
      return { ok: true as const };
    },
  );

  app.put(
    '/me/update-user',
    {
      onRequest: verified,
      config: limit(),
      schema: { body: updateUserBody, response: { 200: updateUserAnswer } },
    },
    async (request) => ({
      ok: true as const,
      ...(await requestAccountChange(ctx, await userOf(request), request.body)),
    }),
  );

  app.put(
    '/me/update-user-execute',
    {
      config: limit(),
      schema: { body: updateUserExecuteBody, response: { 200: updateUserExecuteAnswer } },
    },
    async (request) => {
      const auth = await readAuth(fastify, request);
      return executeAccountChange(ctx, request.body.token, auth?.user.id ?? null);
    },
  );

  app.get('/me/export', { onRequest: verified, config: limit() }, async (request, reply) => {
    const data = await exportAccount(ctx, authOf(request).user.id);
    const day = data.exported_at.slice(0, 10);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="falkenhost-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });
}
