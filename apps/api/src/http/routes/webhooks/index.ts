/**
 * POST /api/webhooks/mollie (reference/mollie.md "Webhooks"): Mollie posts `id=tr_...` form-encoded and
 * unsigned, so the handler only trusts what it reads back from Mollie, applies a change once, and answers
 * 200 quickly, also for ids it does not know. A failure to read the payment answers 500 so Mollie retries.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveMollieWebhook } from '../../../orders/mollie-webhook';

export default async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(formbody);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/mollie',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: { body: z.object({ id: z.string().max(64) }) },
    },
    async (request, reply) => {
      await receiveMollieWebhook(app.ctx, request.body.id, request.log);
      return reply.status(200).send();
    },
  );
}
