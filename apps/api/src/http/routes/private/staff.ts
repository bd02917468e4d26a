/** GET /api/private/staff/overview (issue 31 part 1): admin and master; the role is checked first. */
import { overviewAnswer, overviewQuery } from '@falkenhost/contracts/overview';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readOverview } from '../../../staff/overview';
import { guard } from '../../guards';

export default async function staffRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guard(fastify, 'verified', ['admin', 'master']));
  app.get(
    '/overview',
    { schema: { querystring: overviewQuery, response: { 200: overviewAnswer } } },
    async (request) => readOverview(app.ctx, request.query.period),
  );
}
