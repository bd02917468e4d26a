/**
 * GET /api/private/credits (spec 7): the balance in credits, polled by the top bar every 5 minutes.
 */
import { unitsToCredits } from '@falkenhost/contracts/money';
import { creditsAnswer } from '@falkenhost/contracts/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf, guard } from '../../plugins/auth';

export default async function creditsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/credits',
    { onRequest: guard(fastify, 'verified'), schema: { response: { 200: creditsAnswer } } },
    async (request) => ({ credits: unitsToCredits(authOf(request).user.credits) }),
  );
}
