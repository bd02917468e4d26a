/**
 * /api/private/addons (product.md "Server calls"): the add-ons a server may still get, buying and
 * removing one. Verified customers only, checked before the body is read.
 */
import { addonChangeBody, userPackageQuery } from '@falkenhost/contracts/servers';
import { storeAddon } from '@falkenhost/contracts/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addonsInLanguage } from '../../../../catalog/catalogue-names';
import { buyServerAddon, removeServerAddon } from '../../../../orders/subscriptions/server-changes-paid';
import { addonsAvailableForChange } from '../../../../servers/changes/change-offers';
import { authOf, guard, userOf } from '../../../guards';
import { requestLanguage } from '../../../request-language';

const empty = z.object({});

export default async function privateAddonRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.addHook('onRequest', guard(fastify, 'verified'));

  app.get(
    '/available-for-change',
    { schema: { querystring: userPackageQuery, response: { 200: z.array(storeAddon) } } },
    async (request) =>
      addonsInLanguage(
        ctx.db,
        requestLanguage(request),
        await addonsAvailableForChange(ctx, authOf(request).user.id, request.query.id),
      ),
  );

  app.post('/buy-addon', { schema: { body: addonChangeBody, response: { 200: empty } } }, async (request) => {
    await buyServerAddon(ctx, await userOf(request), request.body.addonId, request.body.userPackageId);
    return {};
  });

  app.delete(
    '/remove-addon',
    { schema: { body: addonChangeBody, response: { 200: empty } } },
    async (request) => {
      await removeServerAddon(ctx, await userOf(request), request.body.addonId, request.body.userPackageId);
      return {};
    },
  );
}
