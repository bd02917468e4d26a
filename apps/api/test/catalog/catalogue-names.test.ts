/**
 * Seeded catalogue names in the customer's language (issue 30, docs/decisions/242): add-ons and the
 * panel location are answered in the request's language, and English keeps their own names; staff set
 * a panel location's names in the other languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  grantCredits,
  minecraftOffer,
  type Product,
  registerStaff,
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

  it("lets staff set a panel location's names in the other languages; customers read them, nothing else can", async () => {
    const staff = await registerStaff(product, 'master');
    const master = staff.session;
    const customer = await registerVerified(product);
    const { pkg } = await minecraftOffer(customer.session);
    const offeredIn = async (language: string) => {
      customer.session.acceptLanguage = `${language}, *;q=0.5`;
      return (await customer.session.get(`/api/private/store/package-locations?packageId=${pkg.id}`)).body[0]
        .name as string;
    };

    const listed = await master.get('/api/private/store/locations');
    expect(listed.status).toBe(200);
    const fsn = listed.body.find((l: { code: string }) => l.code === 'de-fsn');
    expect(fsn).toEqual({
      id: expect.any(Number),
      code: 'de-fsn',
      name: 'Falkenstein, Germany',
      panel_name: 'Falkenstein, Germany',
      english_name: '',
      translations: {
        cs: 'Falkenstein, Německo',
        de: 'Falkenstein, Deutschland',
        fr: 'Falkenstein, Allemagne',
        sk: 'Falkenstein, Nemecko',
      },
    });

    // Sent, they replace the old ones; a language left empty shows the panel's name.
    const set = await master.request('PUT', '/api/private/store/locations', {
      id: fsn.id,
      translations: { de: ' Falkenstein (Sachsen) ', cs: '', sk: 'Falkenstein, SRN' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.translations).toEqual({ de: 'Falkenstein (Sachsen)', sk: 'Falkenstein, SRN' });
    expect(await offeredIn('de')).toBe('Falkenstein (Sachsen)');
    expect(await offeredIn('cs')).toBe('Falkenstein, Germany');
    expect(await offeredIn('fr')).toBe('Falkenstein, Germany');

    // Refused without a change: too long, an unknown location, a customer, an admin's bad body.
    const tooLong = await master.request('PUT', '/api/private/store/locations', {
      id: fsn.id,
      translations: { de: 'x'.repeat(65) },
    });
    expect(tooLong.status).toBe(400);
    const unknown = await master.request('PUT', '/api/private/store/locations', {
      id: 987_654,
      translations: { de: 'Nirgendwo' },
    });
    expect(unknown.status).toBe(404);
    const byCustomer = await customer.session.request('PUT', '/api/private/store/locations', {
      id: fsn.id,
      translations: { de: 'Gekapert' },
    });
    expect(byCustomer.status).toBe(403);
    expect((await customer.session.get('/api/private/store/locations')).status).toBe(403);
    expect(await offeredIn('de')).toBe('Falkenstein (Sachsen)');

    // An English name of staff's replaces the panel's for customers, and in languages without their own.
    const named = await master.request('PUT', '/api/private/store/locations', {
      id: fsn.id,
      name: 'Falkenstein (Saxony)',
      translations: { de: 'Falkenstein (Sachsen)', sk: 'Falkenstein, SRN' },
    });
    expect(named.body).toMatchObject({
      name: 'Falkenstein (Saxony)',
      panel_name: 'Falkenstein, Germany',
      english_name: 'Falkenstein (Saxony)',
    });
    expect(await offeredIn('en')).toBe('Falkenstein (Saxony)');
    expect(await offeredIn('fr')).toBe('Falkenstein (Saxony)');
    expect(await offeredIn('de')).toBe('Falkenstein (Sachsen)');
    // Cleared, the panel's name is back.
    await master.request('PUT', '/api/private/store/locations', {
      id: fsn.id,
      name: '',
      translations: { de: 'Falkenstein (Sachsen)', sk: 'Falkenstein, SRN' },
    });
    expect(await offeredIn('en')).toBe('Falkenstein, Germany');

    // The master's audit log names the change, with the names before and after.
    const log = (await master.get('/api/private/users/audit-log?entity=location')).body.entries;
    expect(log).toHaveLength(3);
    expect(log.at(-1)).toMatchObject({
      action: 'update',
      entity: 'location',
      entity_id: fsn.id,
      entity_name: 'Falkenstein, Germany',
      actor_username: staff.username,
      before: { code: 'de-fsn', translations: fsn.translations },
      after: { code: 'de-fsn', translations: { de: 'Falkenstein (Sachsen)', sk: 'Falkenstein, SRN' } },
    });
  });
});
