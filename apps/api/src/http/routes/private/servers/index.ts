/**
 * /api/private/servers (product.md "Server calls"): the customer's servers, their count, fresh
 * credentials for the live gauges and the relay socket they open. Verified customers only; a server is
 * only its owner's.
 */

import { serverVariablesAnswer, serverVariablesBody } from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import {
  ownedServer,
  serverCountAnswer,
  websocketAnswer,
  websocketQuery,
} from '@falkenhost/contracts/servers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../../platform/errors';
import { allowedOrigins } from '../../../../platform/requests/origin-check';
import { listOwnedServers } from '../../../../servers/owned-servers';
import { serverCountOf, socketCredentialFor } from '../../../../servers/server-socket';
import { serverVariables, updateServerVariables } from '../../../../servers/server-variables';
import { authOf, guard } from '../../../guards';
import { requestLanguage } from '../../../request-language';

export default async function privateServersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const relay = fastify.socketRelay;
  // Browsers send an Origin with every websocket: the origins writes accept (platform/requests/origin-check.ts),
  // and in the demo the web client's dev server, whose proxy passes the page's Origin on upgrades.
  const socketOrigins = allowedOrigins(ctx.config);
  if (ctx.config.mode === 'demo') socketOrigins.add('http://localhost:5173');
  app.addHook('onRequest', guard(fastify, 'verified'));

  app.get('/owned-servers', { schema: { response: { 200: z.array(ownedServer) } } }, async (request) =>
    listOwnedServers(ctx, authOf(request).user.id, requestLanguage(request)),
  );

  app.get('/server-count', { schema: { response: { 200: serverCountAnswer } } }, async (request) =>
    serverCountOf(ctx, authOf(request).user.id),
  );

  app.get(
    '/websocket-token',
    { schema: { querystring: websocketQuery, response: { 200: websocketAnswer } } },
    async (request) => socketCredentialFor(ctx, relay, authOf(request).user.id, request.query.id),
  );

  app.get(
    '/variables',
    { schema: { querystring: websocketQuery, response: { 200: serverVariablesAnswer } } },
    async (request) =>
      serverVariables(ctx, authOf(request).user.id, request.query.id, requestLanguage(request)),
  );

  app.put(
    '/variables',
    { schema: { body: serverVariablesBody, response: { 200: serverVariablesAnswer } } },
    async (request) =>
      updateServerVariables(
        ctx,
        authOf(request).user.id,
        request.body.id,
        request.body.variables,
        requestLanguage(request),
      ),
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
