/**
 * Spec 8 "Servers" and "Schedule" as a customer reads them: each bad input goes to the real product
 * server (SQLite, emulators), and its answer goes through the web client's own mapping to the message the
 * screen shows, in English as the spec words it and in the four other languages.
 */
import { createInstance, type i18n as I18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTick } from '../../api/src/jobs/tick';
import { HOUR_MS } from '../../api/src/services/billing';
import {
  type Answer,
  grantCredits,
  minecraftOffer,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../../api/test/harness';
import {
  addScheduleErrorKey,
  buyAddonErrorKey,
  changePackageErrorKey,
  type FailedAnswer,
  unsuspendErrorKey,
} from '../src/features/servers/utils/errors';
import cs from '../src/i18n/locales/cs/servers.json';
import de from '../src/i18n/locales/de/servers.json';
import en from '../src/i18n/locales/en/servers.json';
import fr from '../src/i18n/locales/fr/servers.json';
import sk from '../src/i18n/locales/sk/servers.json';

const LANGUAGES = { en, cs, sk, de, fr };
let i18n: I18n;
let product: Product;

beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({
    lng: 'en',
    resources: Object.fromEntries(Object.entries(LANGUAGES).map(([lng, servers]) => [lng, { servers }])),
    interpolation: { escapeValue: false },
  });
  product = await startProduct('sqlite');
});
afterAll(async () => product?.close());

/** The English message, checked against the spec, and a translated one in every other language. */
function expectMessage(key: string, english: string): void {
  expect(i18n.getFixedT('en', 'servers')(key)).toBe(english);
  for (const lng of ['cs', 'sk', 'de', 'fr']) {
    const text = i18n.getFixedT(lng, 'servers')(key);
    expect(text, `${lng} ${key}`).not.toBe(key);
    expect(text, `${lng} ${key}`).not.toBe(english);
    expect(text.length).toBeGreaterThan(5);
  }
}

const failed = (answer: Answer): FailedAnswer => ({
  status: answer.status,
  error: answer.body as FailedAnswer['error'],
});

async function serverOf(session: Session, serverName: string): Promise<number> {
  const { pkg, location, egg } = await minecraftOffer(session);
  const res = await session.post('/api/private/store/package-by-credits', {
    serverName,
    packageId: pkg.id,
    eggId: egg,
    locationId: location.id,
  });
  expect(res.status).toBe(200);
  const servers = (await session.get('/api/private/servers/owned-servers')).body;
  return servers.find((s: { name: string }) => s.name === serverName).user_package_id;
}

async function setCredits(username: string, units: number): Promise<void> {
  await product.server.ctx.db
    .updateTable('users')
    .set({ credits: units })
    .where('username', '=', username)
    .execute();
}

describe('servers and schedule errors (spec 8)', () => {
  it('add-ons: no credits, one per type', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 20);
    const id = await serverOf(session, 'errors');
    const addons = (await session.get(`/api/private/addons/available-for-change?id=${id}`)).body;
    const storage = addons.find((a: { type: string }) => a.type === 'storage');
    await setCredits(username, 0);
    const poor = await session.post('/api/private/addons/buy-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    expect(poor.status).toBe(400);
    expectMessage(buyAddonErrorKey(failed(poor)), "You don't have enough credits to buy this addon");

    await setCredits(username, 200_000);
    expect(
      (await session.post('/api/private/addons/buy-addon', { addonId: storage.id, userPackageId: id }))
        .status,
    ).toBe(200);
    const twice = await session.post('/api/private/addons/buy-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    expect(twice.status).toBe(409);
    expectMessage(buyAddonErrorKey(failed(twice)), 'You already have an addon of this type');

    // Package change with an add-on, then without credits, then without room on the node.
    const standard = (await session.get(`/api/private/packages/available-for-change?id=${id}`)).body[0];
    const withAddon = await session.post('/api/private/packages/change-package', {
      newPackageId: standard.id,
      userPackageId: id,
    });
    expect(withAddon.status).toBe(409);
    expectMessage(
      changePackageErrorKey(failed(withAddon)),
      "You can't have any addons when changing package",
    );
    await session.request('DELETE', '/api/private/addons/remove-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    await setCredits(username, 0);
    const poorChange = await session.post('/api/private/packages/change-package', {
      newPackageId: standard.id,
      userPackageId: id,
    });
    expect(poorChange.status).toBe(400);
    expectMessage(
      changePackageErrorKey(failed(poorChange)),
      "You don't have enough credits to change your package",
    );
    await setCredits(username, 200_000);
    const panel = product.server.emulators!.pterodactyl;
    const node = panel.db.nodes.find(
      (n) => n.id === panel.servers().find((s) => s.external_id === `falkenhost-server-${id}`)?.node_id,
    )!;
    const memory = node.memory;
    node.memory = 1;
    const full = await session.post('/api/private/packages/change-package', {
      newPackageId: standard.id,
      userPackageId: id,
    });
    node.memory = memory;
    expect(full.status).toBe(400);
    expectMessage(
      changePackageErrorKey(failed(full)),
      'There is not enough resources available for this package',
    );
  });

  it('schedule: invalid input, invalid hours, overlap', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 20);
    const id = await serverOf(session, 'scheduled');
    const post = (body: object) =>
      session.post('/api/private/servers/schedule', { user_packages_id: id, ...body });
    const missing = await post({ startHour: 1, endHour: 2 });
    expect(missing.status).toBe(400);
    expectMessage(addScheduleErrorKey(failed(missing)), 'Invalid input');
    const reversed = await post({ day: 'Monday', startHour: 5, endHour: 2 });
    expect(reversed.status).toBe(400);
    expectMessage(addScheduleErrorKey(failed(reversed)), 'Invalid hours');
    expect((await post({ day: 'Monday', startHour: 1, endHour: 4 })).status).toBe(201);
    const overlap = await post({ day: 'Monday', startHour: 3, endHour: 6 });
    expect(overlap.status).toBe(409);
    expectMessage(addScheduleErrorKey(failed(overlap)), 'You already have a schedule set in this range');
  });

  it('unsuspend without enough credits', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 1);
    const id = await serverOf(session, 'lapsed');
    for (let hour = 0; hour < 8; hour++) {
      product.advance(HOUR_MS);
      await runTick(product.server.ctx);
    }
    await session.post('/api/auth/refresh-token');
    const answer = await session.post('/api/private/servers/unsuspend-server', { id });
    expect(answer.status).toBe(400);
    expectMessage(
      unsuspendErrorKey(failed(answer)),
      "You don't have enough credits to unsuspend your server",
    );
  });
});
