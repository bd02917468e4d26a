/**
 * Demo only (never registered in production; architecture.md "Contracts the demo must keep"):
 * - GET /api/dev/mail: the captured mail, newest first;
 * - GET /api/dev/clock: `{ now }`; POST /api/dev/clock `{ advanceHours }` (1 to 2160) moves the product's
 *   and the emulators' clock forward hour by hour; after each hour the Mollie emulator charges the
 *   subscriptions that fell due (their webhooks answered) and every job that fell due runs, and the
 *   answer comes once they have finished.
 */
import { clockAdvanceBody, clockAnswer } from '@falkenhost/contracts/servers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDemoClock } from '../../../jobs/demo-clock';

export default async function devRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const nowIso = () => new Date(ctx.now()).toISOString();
  const demoClock = createDemoClock(ctx, async () => fastify.demoEmulators?.mollie.runDueSubscriptions());

  app.get('/mail', async () => ctx.mailer.captured?.() ?? []);

  app.get('/clock', { schema: { response: { 200: clockAnswer } } }, async () => ({ now: nowIso() }));

  app.post(
    '/clock',
    { schema: { body: clockAdvanceBody, response: { 200: clockAnswer } } },
    async (request) => {
      await demoClock.advance(request.body.advanceHours);
      return { now: nowIso() };
    },
  );
}
