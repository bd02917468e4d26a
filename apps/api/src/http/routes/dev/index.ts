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
import { runTick } from '../../../jobs/tick';
import { HOUR_MS } from '../../../servers/hourly-billing';

export default async function devRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const nowIso = () => new Date(ctx.now()).toISOString();
  let advancing: Promise<unknown> = Promise.resolve();

  app.get('/mail', async () => ctx.mailer.captured?.() ?? []);

  app.get('/clock', { schema: { response: { 200: clockAnswer } } }, async () => ({ now: nowIso() }));

  app.post(
    '/clock',
    { schema: { body: clockAdvanceBody, response: { 200: clockAnswer } } },
    async (request) => {
      // One advance at a time: a second one waits for the first, so hours are never run out of order.
      const run = advancing.then(async () => {
        for (let hour = 0; hour < request.body.advanceHours; hour++) {
          ctx.clock.advance(HOUR_MS);
          // Mollie charges each subscription that fell due and calls our webhook, as it would that day.
          await fastify.demoEmulators?.mollie.runDueSubscriptions();
          await runTick(ctx);
        }
      });
      advancing = run.catch(() => undefined);
      await run;
      return { now: nowIso() };
    },
  );
}
