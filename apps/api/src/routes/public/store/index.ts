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
  // Served from the public cache as JSON text, checked against the contract once per load.
  app.get('/games', async (_request, reply) => {
    const json = await app.ctx.publicCache.json('games', async () => games.parse(await listPublicGames(db)));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  // Served from the public cache as JSON text like the game list: the string is sent as it is, so the
  // response schema (kept for the OpenAPI document) is checked once per load instead of serializing the
  // answer on every request. An unknown or inactive game is cached as `null` and answers 404.
  app.get(
    '/games/packages',
    { schema: { querystring: gamePackagesQuery, response: { 200: gamePackagesAnswer } } },
    async (request, reply) => {
      const id = request.query.id;
      const json = await app.ctx.publicCache.json(`packages:${id}`, async () => {
        const answer = await publicGamePackages(db, id);
        return answer && gamePackagesAnswer.parse(answer);
      });
      if (json === 'null') throw new AppError(404, REASONS.notFound);
      // The JSON text itself: Fastify sends a string with a JSON type as it is, past the serializer.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );
}
