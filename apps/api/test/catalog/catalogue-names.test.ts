/**
 * Seeded catalogue names in the customer's language (issue 30, docs/decisions/242): add-ons and the
 * panel location are answered in the request's language, and English keeps their own names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  grantCredits,
  minecraftOffer,
  type Product,
  registerVerified,
  startProduct,
} from '../harness';

describe.each(DATABASES)('catalogue names in the page language on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => product?.close());

  it('names add-ons and locations in the language asked, in the store and in server details', async () => {
    const { session, username } = await registerVerified(product);
    const { pkg } = await minecraftOffer(session);
    const names = async (language: string) => {
      session.acceptLanguage = `${language}, *;q=0.5`;
      const addons = (await session.get(`/api/private/store/package-addons?packageId=${pkg.id}`)).body;
      const locations = (await session.get(`/api/private/store/package-locations?packageId=${pkg.id}`)).body;
      return {
        addons: (addons as Array<{ name: string }>).map((a) => a.name).sort(),
        location: locations[0].name as string,
      };
    };
    expect(await names('en')).toEqual({
      addons: ['Extra backups +2', 'Extra databases +2', 'Extra storage 10 GB'],
      location: 'Falkenstein, Germany',
    });
    expect(await names('cs')).toEqual({
      addons: ['Databáze navíc +2', 'Zálohy navíc +2', 'Úložiště navíc 10 GB'],
      location: 'Falkenstein, Německo',
    });
    expect((await names('sk')).location).toBe('Falkenstein, Nemecko');
    expect((await names('fr')).addons).toContain('Stockage supplémentaire 10 Go');
    expect(await names('de')).toEqual({
      addons: ['Zusätzliche Backups +2', 'Zusätzliche Datenbanken +2', 'Zusätzlicher Speicher 10 GB'],
      location: 'Falkenstein, Deutschland',
    });

    // A server with an add-on: its details and the add-ons it may still buy, in German.
    await grantCredits(product, username, 500);
    const addons = (await session.get(`/api/private/store/package-addons?packageId=${pkg.id}`)).body;
    const storage = addons.find((a: { type: string }) => a.type === 'storage');
    const { location, egg } = await minecraftOffer(session);
    const order = await session.post('/api/private/store/package-by-credits', {
      serverName: 'named',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
      addonIds: JSON.stringify([storage.id]),
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const server = (await session.get('/api/private/servers/owned-servers')).body[0];
    expect(server.addons.map((a: { addon_name: string }) => a.addon_name)).toEqual([
      'Zusätzlicher Speicher 10 GB',
    ]);
    const more = (await session.get(`/api/private/addons/available-for-change?id=${server.user_package_id}`))
      .body;
    expect(more.map((a: { name: string }) => a.name).sort()).toEqual([
      'Zusätzliche Backups +2',
      'Zusätzliche Datenbanken +2',
    ]);
  });
});
