/** GET /api/private/servers/all-servers (product.md "Staff calls"): admin and master. */
import { allServersAnswer, allServersQuery } from '@falkenhost/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listAllServers } from '../../../../staff/admin-servers';
import { guard } from '../../../guards';

export default async function adminServersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guard(fastify, 'verified', ['admin', 'master']));
  app.get(
    '/all-servers',
    { schema: { querystring: allServersQuery, response: { 200: allServersAnswer } } },
    async (request) => listAllServers(app.ctx, request.query),
  );
}
