/**
 * Numbers in JSON bodies are JSON numbers: no numeric strings, padded, hexadecimal or exponent strings,
 * no one-element arrays. Ids in query strings are digits only. A loose value answers 400 and orders
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingAddress,
  DATABASES,
  grantCredits,
  minecraftOffer,
  type Product,
  registerVerified,
  startProduct,
} from '../harness';

/** The loose forms of a number the contracts must refuse in a JSON body. */
function looseForms(n: number): unknown[] {
  return [`0x${n.toString(16)}`, ` ${n} `, `${n}e0`, [String(n)], [n], String(n), `${n}.0`, true];
}

describe.each(DATABASES)('JSON numbers only on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => product?.close());

  async function count(table: 'orders' | 'user_packages'): Promise<number> {
    const row = await product.server.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('order-credits: creditsAmount must be a JSON integer', async () => {
    const { session } = await registerVerified(product);
    const order = (creditsAmount: unknown) =>
      session.post('/api/private/store/order-credits', {
        ...billingAddress,
        referrer: '',
        discountCode: '',
        creditsAmount,
        paymentMethod: 'creditCard',
      });
    const before = await count('orders');
    for (const creditsAmount of ['0x19', ' 25 ', '1e0', ['100'], '25', '100', '1e2', ...looseForms(100)]) {
      const res = await order(creditsAmount);
      expect(res.status, JSON.stringify(creditsAmount)).toBe(400);
      expect(res.body.reason).toBe('validation');
      expect(res.body.errors).toEqual([{ path: 'creditsAmount', msg: 'credits-amount' }]);
    }
    expect(await count('orders')).toBe(before);

    const ok = await order(100);
    expect(ok.status).toBe(200);
    expect(ok.body.link).toEqual(expect.any(String));
    expect(await count('orders')).toBe(before + 1);
  });

  it('package-by-credits: packageId, eggId, locationId and addon ids must be JSON integers', async () => {
    const rich = await registerVerified(product);
    await grantCredits(product, rich.username, 1_000);
    const { pkg, location, egg } = await minecraftOffer(rich.session);
    const addons = (await rich.session.get(`/api/private/store/package-addons?packageId=${pkg.id}`)).body;
    expect(addons.length).toBeGreaterThan(0);
    const body = {
      serverName: 'Strict numbers',
      packageId: pkg.id as number,
      eggId: egg,
      locationId: location.id as number,
      addonIds: JSON.stringify([addons[0].id]),
    };
    const before = await count('user_packages');
    const cases: Record<string, unknown>[] = [];
    for (const field of ['packageId', 'eggId', 'locationId'] as const) {
      for (const value of ['0x19', ' 25 ', '1e0', ['100'], '25', ...looseForms(body[field])]) {
        cases.push({ [field]: value });
      }
    }
    for (const addonIds of [
      JSON.stringify([String(addons[0].id)]),
      JSON.stringify([`0x${addons[0].id.toString(16)}`]),
      JSON.stringify([[addons[0].id]]),
      JSON.stringify(addons[0].id),
      [String(addons[0].id)],
    ]) {
      cases.push({ addonIds });
    }
    for (const over of cases) {
      const res = await rich.session.post('/api/private/store/package-by-credits', { ...body, ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.reason, JSON.stringify(over)).toBe('validation');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(Object.keys(over));
    }
    expect(await count('user_packages')).toBe(before);

    // The same order with JSON numbers passes validation: a customer without credits is told so.
    const poor = await registerVerified(product);
    for (const addonIds of [body.addonIds, [addons[0].id], '', undefined]) {
      const res = await poor.session.post('/api/private/store/package-by-credits', { ...body, addonIds });
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('credits');
    }
  });

  it('query-string ids are digits only', async () => {
    const { session } = await registerVerified(product);
    const games = (await session.get('/api/public/store/games')).body;
    const game = games.find((g: { name: string }) => g.name === 'Minecraft');
    for (const gameId of ['0x1', '%201', '1%20', '1e0', '1.0', '+1', '-1', '', 'abc']) {
      const res = await session.get(`/api/private/store/available-users-packages?gameId=${gameId}`);
      expect(res.status, gameId).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'gameId' })]);
      const pub = await session.get(`/api/public/store/games/packages?id=${gameId}`);
      expect(pub.status, gameId).toBe(400);
    }
    expect((await session.get(`/api/private/store/available-users-packages?gameId=${game.id}`)).status).toBe(
      200,
    );
    expect((await session.get(`/api/public/store/games/packages?id=${game.id}`)).status).toBe(200);
  });
});
