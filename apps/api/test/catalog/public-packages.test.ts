/** A game's packages served from the public cache answer as the contract says, and the same text again. */
import { gamePackagesAnswer } from '@falkenhost/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { DATABASES, startProduct } from '../harness';

describe.each(DATABASES)("a game's packages from the public cache on %s", (kind) => {
  it('answers the contract, 404 for an unknown game, and the same text again', async () => {
    const product = await startProduct(kind);
    try {
      const session = product.session();
      const { body: games } = await session.get('/api/public/store/games');
      const first = await fetch(`${product.url}/api/public/store/games/packages?id=${games[0].id}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const text = await first.text();
      const answer = gamePackagesAnswer.parse(JSON.parse(text));
      expect(answer.game.id).toBe(games[0].id);
      expect(answer.packages.length).toBeGreaterThan(0);
      const again = await fetch(`${product.url}/api/public/store/games/packages?id=${games[0].id}`);
      expect(await again.text()).toBe(text);
      const unknown = await session.get('/api/public/store/games/packages?id=999999');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ reason: 'not-found' });
      // Answered again from the cache without a load (the handler's own call): the same 404, the same list.
      expect(product.server.ctx.publicCache.cached('packages:999999')).toBeNull();
      expect((await session.get('/api/public/store/games/packages?id=999999')).status).toBe(404);
      expect(product.server.ctx.publicCache.cached('games')?.text).toBe(JSON.stringify(games));
      expect((await session.get('/api/public/store/games')).body).toEqual(games);
      // The OpenAPI document still describes the answer from the route's schema.
      const { body: doc } = await session.get('/api/openapi.json');
      expect(JSON.stringify(doc.paths['/api/public/store/games/packages'].get.responses['200'])).toContain(
        'monthly_eur_price',
      );
    } finally {
      await product.close();
    }
  });
});
