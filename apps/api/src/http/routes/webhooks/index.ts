/**
 * POST /api/webhooks/mollie (reference/mollie.md "Webhooks"): Mollie posts `id=tr_...` form-encoded and
 * unsigned, so the handler only trusts what it reads back from Mollie, applies a change once, and answers
 * 200 quickly, also for ids it does not know. A failure to read the payment answers 500 so Mollie retries.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settleMolliePayment } from '../../../orders/mollie-webhook';
import { sendQueuedMail } from '../../../platform/outbox';

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
      const id = request.body.id;
      const metrics = app.ctx.metrics;
      if (!/^tr_\w+$/.test(id)) {
        metrics?.webhooks.inc({ outcome: 'invalid-id' });
        return reply.status(200).send();
      }
      const result = await settleMolliePayment(app.ctx, id).catch((error) => {
        metrics?.webhooks.inc({ outcome: 'error' });
        throw error;
      });
      metrics?.webhooks.inc({ outcome: result });
      request.log.info({ paymentId: id, result }, 'mollie webhook');
      // The receipt (or notice) goes out now rather than at the next job run.
      if (result !== 'ignored' && result !== 'unchanged')
        void sendQueuedMail(app.ctx).catch((error) =>
          request.log.warn({ err: error }, 'sending mail failed'),
        );
      return reply.status(200).send();
    },
  );
}
