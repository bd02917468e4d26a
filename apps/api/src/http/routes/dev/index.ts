/**
 * Demo only (never registered in production; demo.md "Contracts the demo must keep"):
 * - GET /api/dev/mail: the captured mail, newest first; GET /api/dev/mail/:id/attachments/:n one of its
 *   attachments (the invoice PDF) as a download;
 * - POST /api/dev/staff-webhook: the demo's staff webhook (STAFF_WEBHOOK_URL's default in the demo; a
 *   Discord-like body `{ content }`), kept in memory; GET /api/dev/staff-webhook lists what it received,
 *   newest first (`{ id, content, receivedAt }`), for the mailbox page (docs/decisions/191-staff-webhook.md);
 * - GET /api/dev/clock: `{ now }`; POST /api/dev/clock `{ advanceHours }` (1 to 2160) moves the product's
 *   and the emulators' clock forward hour by hour; after each hour the Mollie emulator charges the
 *   subscriptions that fell due (their webhooks answered) and every job that fell due runs, and the
 *   answer comes once they have finished.
 */

import { REASONS } from '@falkenhost/contracts/errors';
import { clockAdvanceBody, clockAnswer } from '@falkenhost/contracts/servers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createDemoClock } from '../../../jobs/demo-clock';
import { AppError } from '../../../platform/errors';
import { STAFF_MESSAGE_MAX } from '../../../platform/staff-webhook';

/** How many staff notifications the demo keeps (the newest). */
const STAFF_MESSAGES_KEPT = 200;

export default async function devRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const nowIso = () => new Date(ctx.now()).toISOString();
  const demoClock = createDemoClock(ctx, async () => fastify.demoEmulators?.mollie.runDueSubscriptions());

  app.get('/mail', async () => ctx.mailer.captured?.() ?? []);

  app.get(
    '/mail/:id/attachments/:index',
    {
      schema: {
        params: z.object({
          id: z.coerce.number().int().positive().max(2_147_483_647),
          index: z.coerce.number().int().min(0).max(100),
        }),
      },
    },
    async (request, reply) => {
      const file = ctx.mailer.capturedAttachment?.(request.params.id, request.params.index);
      if (!file) throw new AppError(404, REASONS.notFound);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`)
        .send(file.content);
    },
  );

  const staffMessages: { id: number; content: string; receivedAt: string }[] = [];
  app.post(
    '/staff-webhook',
    { schema: { body: z.object({ content: z.string().max(STAFF_MESSAGE_MAX) }) } },
    async (request, reply) => {
      staffMessages.unshift({
        id: (staffMessages[0]?.id ?? 0) + 1,
        content: request.body.content,
        receivedAt: nowIso(),
      });
      staffMessages.length = Math.min(staffMessages.length, STAFF_MESSAGES_KEPT);
      return reply.status(204).send();
    },
  );
  app.get('/staff-webhook', async () => staffMessages);

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
