/**
 * /api/private/servers (spec 7 "Customer servers"): the customer's servers, their count, and fresh
 * websocket credentials for the live gauges. Verified customers only; a server is only its owner's.
 */

import { serverVariablesAnswer, serverVariablesBody } from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import { unitsToCredits } from '@falkenhost/contracts/money';
import {
  ownedServer,
  serverCountAnswer,
  websocketAnswer,
  websocketQuery,
} from '@falkenhost/contracts/servers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors';
import { authOf, guard } from '../../../plugins/auth';
import { serverVariables, updateServerVariables } from '../../../services/egg-variables';
import { listOwnedServers, websocketFor } from '../../../services/owned-servers';

export default async function privateServersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.addHook('onRequest', guard(fastify, 'verified'));

  app.get('/owned-servers', { schema: { response: { 200: z.array(ownedServer) } } }, async (request) =>
    listOwnedServers(ctx, authOf(request).user.id),
  );

  app.get('/server-count', { schema: { response: { 200: serverCountAnswer } } }, async (request) => {
    const row = await ctx.db
      .selectFrom('user_packages')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('credits_monthly').as('monthly'),
      ])
      .where('user_id', '=', authOf(request).user.id)
      .where('status', 'not in', ['failed', 'deleted'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), monthly: unitsToCredits(Number(row.monthly ?? 0)) };
  });

  app.get(
    '/websocket-token',
    { schema: { querystring: websocketQuery, response: { 200: websocketAnswer } } },
    async (request) => {
      const server = await ctx.db
        .selectFrom('user_packages')
        .select(['ptero_identifier', 'status'])
        .where('id', '=', request.query.id)
        .where('user_id', '=', authOf(request).user.id)
        .executeTakeFirst();
      if (!server?.ptero_identifier || server.status !== 'paid') throw new AppError(404, REASONS.notFound);
      const credential = await websocketFor(ctx, server.ptero_identifier);
      // A server still installing has no socket yet; the card asks again a few seconds later.
      if (credential === 'installing') throw new AppError(409, REASONS.installing);
      if (!credential) throw new AppError(502, REASONS.panel);
      return credential;
    },
  );

  app.get(
    '/variables',
    { schema: { querystring: websocketQuery, response: { 200: serverVariablesAnswer } } },
    async (request) => serverVariables(ctx, authOf(request).user.id, request.query.id),
  );

  app.put(
    '/variables',
    { schema: { body: serverVariablesBody, response: { 200: serverVariablesAnswer } } },
    async (request) =>
      updateServerVariables(ctx, authOf(request).user.id, request.body.id, request.body.variables),
  );
}
