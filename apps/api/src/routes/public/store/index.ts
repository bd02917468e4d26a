/**
 * /api/public/store (spec 7 "Public and store"): the game list and one game's packages, no login.
 */
import { gamePackagesAnswer, gamePackagesQuery, publicGame } from '@falkenhost/contracts/catalog';
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors';
import { listPublicGames, publicGamePackages } from '../../../services/catalog';

export default async function publicStoreRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  const games = z.array(publicGame);
  // Served from the public cache as JSON text, checked against the contract once per load and compressed
  // once per variant (compress: false keeps @fastify/compress off these routes).
  app.get('/games', { compress: false }, async (request, reply) => {
    const answer = await app.ctx.publicCache.text('games', async () =>
      JSON.stringify(games.parse(await listPublicGames(db))),
    );
    if (!answer) throw new Error('the game list cannot be absent');
    return answer.send(request, reply.type('application/json; charset=utf-8'));
  });

  // Served from the public cache as JSON text like the game list: the string is sent as it is, so the
  // response schema (kept for the OpenAPI document) is checked once per load instead of serializing the
  // answer on every request. An unknown or inactive game is cached as `null` and answers 404.
  app.get(
    '/games/packages',
    { compress: false, schema: { querystring: gamePackagesQuery, response: { 200: gamePackagesAnswer } } },
    async (request, reply) => {
      const id = request.query.id;
      const answer = await app.ctx.publicCache.text(`packages:${id}`, async () => {
        const found = await publicGamePackages(db, id);
        return found && JSON.stringify(gamePackagesAnswer.parse(found));
      });
      if (!answer) throw new AppError(404, REASONS.notFound);
      // The JSON bytes themselves: a Buffer goes past the response serializer as it is.
      return answer.send(request, (reply as FastifyReply).type('application/json; charset=utf-8'));
    },
  );
}
