/**
 * /api/public/store (spec 7 "Public and store"): the game list and one game's packages, no login.
 */
import { gamePackagesAnswer, gamePackagesQuery, publicGame } from '@falkenhost/contracts/catalog';
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors';
import { listGamePackages, listPublicGames, toPublicGame, toPublicPackage } from '../../../services/catalog';

export default async function publicStoreRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  const games = z.array(publicGame);
  // Served from the public cache as JSON text, checked against the contract once per load.
  app.get('/games', async (_request, reply) => {
    const json = await app.ctx.publicCache.json('games', async () => games.parse(await listPublicGames(db)));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get(
    '/games/packages',
    { schema: { querystring: gamePackagesQuery, response: { 200: gamePackagesAnswer } } },
    async (request) => {
      const game = await db
        .selectFrom('games')
        .selectAll()
        .where('id', '=', request.query.id)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!game) throw new AppError(404, REASONS.notFound);
      const packages = await listGamePackages(db, game.id, null);
      const minPrice = packages.length ? Math.min(...packages.map((p) => p.pkg.credits_monthly)) : null;
      return {
        game: toPublicGame(game, minPrice),
        packages: packages.map(({ pkg, eggs }) => toPublicPackage(pkg, game.name, eggs)),
      };
    },
  );
}
