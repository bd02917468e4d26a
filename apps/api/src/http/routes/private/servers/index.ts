/**
 * /api/private/servers (spec 7 "Customer servers"): the customer's servers, their count, fresh
 * credentials for the live gauges and the relay socket they open. Verified customers only; a server is
 * only its owner's.
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
import { signSocketToken } from '../../../../panel/socket-token';
import { socketIsFor } from '../../../../panel/wings-socket';
import { AppError } from '../../../../platform/errors';
import { allowedOrigins } from '../../../../platform/origin-check';
import { listOwnedServers, websocketFor } from '../../../../servers/owned-servers';
import { serverVariables, updateServerVariables } from '../../../../servers/server-variables';
import { authOf, guard } from '../../../guards';

export default async function privateServersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const relay = fastify.socketRelay;
  // Browsers send an Origin with every websocket: the origins writes accept (platform/origin-check.ts),
  // and in the demo the web client's dev server, whose proxy passes the page's Origin on upgrades.
  const socketOrigins = allowedOrigins(ctx.config);
  if (ctx.config.mode === 'demo') socketOrigins.add('http://localhost:5173');
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
      const userId = authOf(request).user.id;
      const server = await ctx.db
        .selectFrom('user_packages')
        .select(['ptero_identifier', 'ptero_server_uuid', 'status'])
        .where('id', '=', request.query.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!server?.ptero_identifier || !server.ptero_server_uuid || server.status !== 'paid')
        throw new AppError(404, REASONS.notFound);
      // Without a live relay for it, the panel is asked (one call, as before the relay): it tells a server
      // still installing, and its credential opens the relay's Wings socket when the card connects.
      if (!relay.isLive(server.ptero_server_uuid)) {
        const credential = await websocketFor(ctx, server.ptero_identifier);
        // A server still installing has no socket yet; the card asks again a few seconds later.
        if (credential === 'installing') throw new AppError(409, REASONS.installing);
        if (!credential) throw new AppError(502, REASONS.panel);
        if (!socketIsFor(credential.socket, server.ptero_server_uuid)) {
          ctx.log.error({ server: request.query.id }, "the panel's socket is not that of our server");
          throw new AppError(502, REASONS.panel);
        }
        relay.offer(server.ptero_server_uuid, credential);
      }
      return {
        socket: relay.socketUrl(request.query.id),
        token: await signSocketToken(
          ctx.config.accessTokenSecret,
          { userId, serverId: request.query.id },
          ctx.now(),
        ),
      };
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

  // The live-stats socket (panel/socket-relay.ts): a foreign Origin is refused before the upgrade;
  // the credential comes in the `auth` frame and must be this user's for this server.
  app.get(
    '/socket',
    {
      websocket: true,
      schema: { querystring: websocketQuery },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !socketOrigins.has(origin)) throw new AppError(403, REASONS.forbidden);
      },
    },
    (socket, request) => relay.serve(socket, authOf(request).user.id, request.query.id),
  );
}
