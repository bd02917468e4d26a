/**
 * /api/public/store (product.md "Public and store calls"): the game list and one game's packages, no login.
 */
import { gamePackagesAnswer, gamePackagesQuery, publicGame } from '@falkenhost/contracts/catalog';
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPublicGames, publicGamePackages } from '../../../../catalog/catalog';
import { AppError } from '../../../../platform/errors';

export default async function publicStoreRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  const games = z.array(publicGame);
  const loadGames = async () => JSON.stringify(games.parse(await listPublicGames(db)));
  // Cached JSON text, checked once per load and compressed once per variant (decisions/005-public-cache.md);
  // a cached answer is sent in the handler's own call.
  app.get('/games', { compress: false }, (request, reply) =>
    app.ctx.publicCache.use('games', loadGames, (answer) => {
      if (!answer) throw new Error('the game list cannot be absent');
      answer.send(request, reply.type('application/json; charset=utf-8'));
    }),
  );

  // Cached JSON text like the game list; an unknown or inactive game is cached as `null` and answers 404.
  app.get(
    '/games/packages',
    { compress: false, schema: { querystring: gamePackagesQuery, response: { 200: gamePackagesAnswer } } },
    (request, reply) =>
      app.ctx.publicCache.use(
        `packages:${request.query.id}`,
        async () => {
          const found = await publicGamePackages(db, request.query.id);
          return found && JSON.stringify(gamePackagesAnswer.parse(found));
        },
        (answer) => {
          if (!answer) throw new AppError(404, REASONS.notFound);
          // The JSON bytes themselves: a Buffer goes past the response serializer as it is.
          answer.send(request, (reply as FastifyReply).type('application/json; charset=utf-8'));
        },
      ),
  );
}
