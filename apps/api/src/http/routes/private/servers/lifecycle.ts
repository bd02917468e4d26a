/**
 * /api/private/servers: what a customer does with a server after the order (product.md "Server calls"):
 * on-hours schedules, power, unsuspend, paying a month in grace and delete. Verified customers only, checked before the body is
 * read; a server is only its owner's (another's id answers 404 and changes nothing).
 */
import {
  powerBody,
  scheduleAnswer,
  scheduleBody,
  scheduleDeleteBody,
  scheduleQuery,
  serverIdBody,
} from '@falkenhost/contracts/servers';
import { linkAnswer } from '@falkenhost/contracts/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payRenewalByCard } from '../../../../orders/checkout/renewal-checkout';
import { unsuspendLink } from '../../../../orders/checkout/server-unsuspend';
import { cancelOrDelete } from '../../../../orders/subscriptions/server-cancellation';
import { returnBase } from '../../../../platform/requests/origin-check';
import { powerServer } from '../../../../servers/lifecycle';
import { addSchedule, deleteSchedule, listSchedules } from '../../../../servers/schedules/schedules';
import { guard, userOf } from '../../../guards';

const empty = z.object({});
/** cancel-server: `{}` for an hourly server (deleted), `{ paid_until }` for a monthly one (runs until then) */
const cancelAnswer = z.object({ paid_until: z.string().optional() });

export default async function serverLifecycleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.addHook('onRequest', guard(fastify, 'verified'));

  app.get(
    '/schedule',
    { schema: { querystring: scheduleQuery, response: { 200: scheduleAnswer } } },
    async (request) => listSchedules(ctx, await userOf(request), request.query.user_packages_id),
  );

  app.post(
    '/schedule',
    { schema: { body: scheduleBody, response: { 201: empty } } },
    async (request, reply) => {
      await addSchedule(ctx, await userOf(request), request.body);
      return reply.status(201).send({});
    },
  );

  app.delete(
    '/schedule',
    { schema: { body: scheduleDeleteBody, response: { 200: empty } } },
    async (request) => {
      await deleteSchedule(ctx, await userOf(request), request.body);
      return {};
    },
  );

  app.post('/power', { schema: { body: powerBody, response: { 204: z.null() } } }, async (request, reply) => {
    await powerServer(ctx, await userOf(request), request.body.id, request.body.signal);
    return reply.status(204).send(null);
  });

  app.post(
    '/unsuspend-server',
    { schema: { body: serverIdBody, response: { 200: linkAnswer } } },
    async (request) => ({
      link: await unsuspendLink(ctx, await userOf(request), request.body.id, returnBase(ctx.config, request)),
    }),
  );

  // A monthly server's open month in its grace paid with another card (the grace mails' link).
  app.post(
    '/pay-renewal',
    { schema: { body: serverIdBody, response: { 200: linkAnswer } } },
    async (request) => ({
      link: await payRenewalByCard(
        ctx,
        await userOf(request),
        request.body.id,
        returnBase(ctx.config, request),
      ),
    }),
  );

  app.post(
    '/cancel-server',
    { schema: { body: serverIdBody, response: { 200: cancelAnswer } } },
    async (request) => {
      const until = await cancelOrDelete(ctx, await userOf(request), request.body.id);
      return until === null ? {} : { paid_until: new Date(until).toISOString() };
    },
  );
}
