/** GET /api/private/credits (product.md "API calls"): the balance in credits, polled by the top bar. */
import { unitsToCredits } from '@falkenhost/contracts/money';
import { type CreditsAnswer, creditsAnswer } from '@falkenhost/contracts/store';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf, guard } from '../../guards';

export default async function creditsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/credits',
    // A dozen bytes, polled by every open dashboard: not worth compressing (compress: false), and written
    // directly from the typed value rather than checked by the response schema on every call (the
    // schema documents the answer in the OpenAPI document; a test checks the answer against it).
    {
      onRequest: guard(fastify, 'verified'),
      compress: false,
      schema: { response: { 200: creditsAnswer } },
    },
    async (request, reply) => {
      const answer: CreditsAnswer = { credits: unitsToCredits(authOf(request).user.credits) };
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(JSON.stringify(answer));
    },
  );
}
