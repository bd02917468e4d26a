/**
 * The error catalogue of product.md "Error catalogue" ("Servers") and "Schedule" as a user reads it: each bad
 * input is sent to the real product server (SQLite, emulators), and its answer goes through the web client's
 * own mapping to the message the screen shows, in all five languages (English word for word as the spec has
 * it; the others present and translated).
 */
import { scheduleInput } from '@falkenhost/contracts/servers';

import cs from '@falkenhost/locales/cs/servers.json';
import de from '@falkenhost/locales/de/servers.json';
import en from '@falkenhost/locales/en/servers.json';
import fr from '@falkenhost/locales/fr/servers.json';
import sk from '@falkenhost/locales/sk/servers.json';
import { createInstance, type i18n as I18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTick } from '../../api/src/jobs/tick';
import {
  type Answer,
  grantCredits,
  orderByCredits,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../../api/test/harness';
import {
  addScheduleErrorKey,
  buyAddonErrorKey,
  cancelErrorKey,
  changePackageErrorKey,
  type FailedAnswer,
  removeAddonErrorKey,
  unsuspendErrorKey,
} from '../src/features/servers/utils/errors';
import { SCHEDULE_INPUT_ERRORS } from '../src/features/servers/utils/schedule';

/** The panel's check of a new schedule: the contracts' schema, its first issue as a servers key. */
function scheduleInputErrorKey(day: string | null, startHour: number | null, endHour: number | null) {
  const result = scheduleInput.safeParse({ day, startHour, endHour });
  return result.success ? null : (SCHEDULE_INPUT_ERRORS[result.error.issues[0]?.message ?? ''] ?? null);
}

const HOUR_MS = 60 * 60_000;
const OTHER_LANGUAGES = ['cs', 'sk', 'de', 'fr'] as const;

let i18n: I18n;
let product: Product;

interface Customer {
  session: Session;
  username: string;
  userId: number;
}
let owner: Customer;
let stranger: Customer;
/** the owner's Minecraft Starter server (hourly) */
let serverId: number;
/** the add-ons offered for it, by type */
let addons: Record<string, { id: number }>;
/** the package it may move to */
let standardId: number;

const ctx = () => product.server.ctx;

async function customer(credits: number): Promise<Customer> {
  const account = await registerVerified(product);
  if (credits > 0) await grantCredits(product, account.username, credits);
  const { id } = await ctx()
    .db.selectFrom('users')
    .select('id')
    .where('username', '=', account.username)
    .executeTakeFirstOrThrow();
  return { session: account.session, username: account.username, userId: id };
}

const order = (session: Session, serverName: string) => orderByCredits(session, serverName);

/** Sets a user's balance in credit units (10 000 a credit). */
const setUnits = (userId: number, units: number) =>
  ctx().db.updateTable('users').set({ credits: units }).where('id', '=', userId).execute();

/** The failed answer as the api-client hands it to the screens. */
const failed = (answer: Answer): FailedAnswer => ({
  status: answer.status,
  error: answer.body as FailedAnswer['error'],
});

/**
 * The key's English text is `english`, and every other language has its own, translated text.
 * @returns the English text
 */
function expectMessage(key: string, english: string | RegExp): string {
  const text = i18n.t(key, { ns: 'servers', lng: 'en' });
  if (typeof english === 'string') expect(text).toBe(english);
  else expect(text).toMatch(english);
  for (const lng of OTHER_LANGUAGES) {
    const translated = i18n.t(key, { ns: 'servers', lng });
    expect(translated, `${lng} ${key}`).not.toBe('');
    expect(translated, `${lng} ${key}`).not.toBe(key);
    expect(translated, `${lng} ${key}`).not.toBe(text);
  }
  return text;
}

const buyAddon = (session: Session, addonId: number) =>
  session.post('/api/private/addons/buy-addon', { addonId, userPackageId: serverId });
const removeAddon = (session: Session, addonId: number) =>
  session.request('DELETE', '/api/private/addons/remove-addon', { addonId, userPackageId: serverId });
const changePackage = () =>
  owner.session.post('/api/private/packages/change-package', {
    newPackageId: standardId,
    userPackageId: serverId,
  });
const addSchedule = (body: object) =>
  owner.session.post('/api/private/servers/schedule', { user_packages_id: serverId, ...body });
const ownedAddons = async () =>
  (await owner.session.get('/api/private/servers/owned-servers')).body.find(
    (s: { user_package_id: number }) => s.user_package_id === serverId,
  ).addons;

beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    resources: {
      en: { servers: en },
      cs: { servers: cs },
      sk: { servers: sk },
      de: { servers: de },
      fr: { servers: fr },
    },
    interpolation: { escapeValue: false },
  });
  product = await startProduct('sqlite');
  [owner, stranger] = await Promise.all([customer(100), customer(100)]);
  serverId = await order(owner.session, 'owned');
  const offered = (await owner.session.get(`/api/private/addons/available-for-change?id=${serverId}`)).body;
  addons = Object.fromEntries(offered.map((a: { type: string; id: number }) => [a.type, a]));
  const packages = (await owner.session.get(`/api/private/packages/available-for-change?id=${serverId}`))
    .body;
  standardId = packages.find((p: { name: string }) => p.name === 'Minecraft Standard').id;
});
afterAll(async () => product?.close());

describe('servers', () => {
  it('buy add-on without enough credits', async () => {
    await setUnits(owner.userId, 0);
    const answer = await buyAddon(owner.session, addons.storage!.id);
    await setUnits(owner.userId, 1_000_000);
    expect(answer).toMatchObject({ status: 400, body: { reason: 'credits' } });
    expectMessage(buyAddonErrorKey(failed(answer)), "You don't have enough credits to buy this addon");
  });

  it('buy add-on of a type the server already has', async () => {
    expect((await buyAddon(owner.session, addons.storage!.id)).status).toBe(200);
    const answer = await buyAddon(owner.session, addons.storage!.id);
    expect((await removeAddon(owner.session, addons.storage!.id)).status).toBe(200);
    expect(answer).toMatchObject({ status: 409, body: { reason: 'addon-exists' } });
    expectMessage(buyAddonErrorKey(failed(answer)), 'You already have an addon of this type');
  });

  it('remove add-on failure asks to try again later', async () => {
    const answer = await removeAddon(owner.session, addons.backups!.id);
    expect(answer.status).toBe(404);
    const key = removeAddonErrorKey(failed(answer));
    expect(key).toBe('errors.removeAddonFailed');
    expectMessage(key, 'The add-on could not be removed. Please try again later.');
  });

  it("cancel failure (another customer's server) asks to try again later", async () => {
    const answer = await stranger.session.post('/api/private/servers/cancel-server', { id: serverId });
    expect(answer.status).toBe(404);
    expectMessage(cancelErrorKey(failed(answer), 'hourly'), /Please try again later\.$/);
    expectMessage(cancelErrorKey(failed(answer), 'monthly'), /Please try again later\.$/);
    const servers = (await owner.session.get('/api/private/servers/owned-servers')).body;
    expect(servers.find((s: { user_package_id: number }) => s.user_package_id === serverId).status).toBe(
      'paid',
    );
  });

  it('change package without enough credits', async () => {
    await setUnits(owner.userId, 0);
    const answer = await changePackage();
    await setUnits(owner.userId, 1_000_000);
    expect(answer).toMatchObject({ status: 400, body: { reason: 'credits' } });
    expectMessage(
      changePackageErrorKey(failed(answer)),
      "You don't have enough credits to change your package",
    );
  });

  it('change package without room on the node', async () => {
    const panel = product.server.emulators!.pterodactyl;
    const nodeId = panel.servers().find((s) => s.external_id === `falkenhost-server-${serverId}`)?.node_id;
    const node = panel.db.nodes.find((n) => n.id === nodeId)!;
    const memory = node.memory;
    node.memory = 1;
    const answer = await changePackage().finally(() => {
      node.memory = memory;
    });
    expect(answer).toMatchObject({ status: 400, body: { reason: 'resources' } });
    expectMessage(
      changePackageErrorKey(failed(answer)),
      'There is not enough resources available for this package',
    );
  });

  it('change package while the server has an add-on', async () => {
    expect((await buyAddon(owner.session, addons.databases!.id)).status).toBe(200);
    const answer = await changePackage();
    expect((await removeAddon(owner.session, addons.databases!.id)).status).toBe(200);
    expect(answer).toMatchObject({ status: 409, body: { reason: 'addons' } });
    expectMessage(changePackageErrorKey(failed(answer)), "You can't have any addons when changing package");
  });

  it("buy add-on on another customer's server: 404, the generic error, nothing changed", async () => {
    const before = await ownedAddons();
    const answer = await buyAddon(stranger.session, addons.storage!.id);
    expect(answer.status).toBe(404);
    expectMessage(buyAddonErrorKey(failed(answer)), 'An error occurred');
    expect(await ownedAddons()).toEqual(before);
  });
});

describe('schedule', () => {
  it('missing day: Invalid input', async () => {
    const answer = await addSchedule({ startHour: 18, endHour: 22 });
    expect(answer).toMatchObject({ status: 400, body: { reason: 'invalid-input' } });
    expectMessage(addScheduleErrorKey(failed(answer)), 'Invalid input');
    expect(scheduleInputErrorKey(null, 18, 22)).toBe('errors.invalidInput');
  });

  it('start after end: Invalid hours', async () => {
    const answer = await addSchedule({ day: 'Monday', startHour: 22, endHour: 18 });
    expect(answer).toMatchObject({ status: 400, body: { reason: 'invalid-hours' } });
    expectMessage(addScheduleErrorKey(failed(answer)), 'Invalid hours');
    expect(scheduleInputErrorKey('Monday', 22, 18)).toBe('errors.invalidHours');
  });

  it('overlap with a schedule of the same day', async () => {
    expect((await addSchedule({ day: 'Tuesday', startHour: 10, endHour: 12 })).status).toBe(201);
    const answer = await addSchedule({ day: 'Tuesday', startHour: 12, endHour: 14 });
    expect(answer).toMatchObject({ status: 409, body: { reason: 'schedule-overlap' } });
    expectMessage(addScheduleErrorKey(failed(answer)), 'You already have a schedule set in this range');
    const { schedules } = (
      await owner.session.get(`/api/private/servers/schedule?user_packages_id=${serverId}`)
    ).body;
    for (const { id } of schedules)
      await owner.session.request('DELETE', '/api/private/servers/schedule', {
        user_packages_id: serverId,
        id,
      });
  });

  it('hours outside 0-23 (checked before sending)', () => {
    for (const [start, end] of [
      [0, 24],
      [-1, 5],
    ] as const) {
      const key = scheduleInputErrorKey('Monday', start, end);
      expect(key).toBe('errors.hourRange');
      expectMessage(key!, 'Range of hours is invalid (min 0, max 23)');
    }
  });
});

describe('unsuspend', () => {
  // Last: it moves the product clock 8 hours (every session's access token expires after 15 minutes).
  it('unsuspend without enough credits', async () => {
    const poor = await customer(1);
    const id = await order(poor.session, 'lapsing');
    // 1 credit pays about seven hours of Minecraft Starter (0.137 credits an hour).
    for (let hour = 0; hour < 8; hour++) {
      product.advance(HOUR_MS);
      await runTick(ctx());
    }
    await poor.session.post('/api/auth/refresh-token');
    const servers = (await poor.session.get('/api/private/servers/owned-servers')).body;
    expect(servers.find((s: { user_package_id: number }) => s.user_package_id === id).status).toBe(
      'suspended',
    );
    const answer = await poor.session.post('/api/private/servers/unsuspend-server', { id });
    expect(answer).toMatchObject({ status: 400, body: { reason: 'credits' } });
    expectMessage(
      unsuspendErrorKey(failed(answer)),
      "You don't have enough credits to unsuspend your server",
    );
  });
});
