/**
 * /api/private/packages (product.md "Server calls"): the packages a server may move to, and the move.
 * Verified customers only, checked before the body is read.
 */
import { changePackageBody, userPackageQuery } from '@falkenhost/contracts/servers';
import { storePackage } from '@falkenhost/contracts/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeServerPackage } from '../../../../orders/subscriptions/server-changes-paid';
import { packagesAvailableForChange } from '../../../../servers/changes/change-offers';
import { authOf, guard, userOf } from '../../../guards';

export default async function privatePackageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.addHook('onRequest', guard(fastify, 'verified'));

  app.get(
    '/available-for-change',
    { schema: { querystring: userPackageQuery, response: { 200: z.array(storePackage) } } },
    async (request) => packagesAvailableForChange(ctx, authOf(request).user.id, request.query.id),
  );

  app.post(
    '/change-package',
    { schema: { body: changePackageBody, response: { 200: z.object({}) } } },
    async (request) => {
      await changeServerPackage(
        ctx,
        await userOf(request),
        request.body.newPackageId,
        request.body.userPackageId,
      );
      return {};
    },
  );
}
