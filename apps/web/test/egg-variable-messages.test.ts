/**
 * The egg variable messages (issue 28 point 3) as a customer and a staff member read them: one message per
 * failed Laravel rule, naming the field, in all five languages; the client's check (checkEggVariable) and
 * the server's 400 variable answer give the same message. The answers come from the real product server
 * (SQLite, emulators) with the panel's own FiveM egg: the order dialog (credits and card), server details'
 * game settings and the staff game form.
 */
import type { GameVariable } from '@falkenhost/contracts/egg-variables';
import csAdmin from '@falkenhost/locales/cs/admin.json';
import csCommon from '@falkenhost/locales/cs/common.json';
import csServers from '@falkenhost/locales/cs/servers.json';
import csStore from '@falkenhost/locales/cs/store.json';
import deAdmin from '@falkenhost/locales/de/admin.json';
import deCommon from '@falkenhost/locales/de/common.json';
import deServers from '@falkenhost/locales/de/servers.json';
import deStore from '@falkenhost/locales/de/store.json';
import enAdmin from '@falkenhost/locales/en/admin.json';
import enCommon from '@falkenhost/locales/en/common.json';
import enServers from '@falkenhost/locales/en/servers.json';
import enStore from '@falkenhost/locales/en/store.json';
import frAdmin from '@falkenhost/locales/fr/admin.json';
import frCommon from '@falkenhost/locales/fr/common.json';
import frServers from '@falkenhost/locales/fr/servers.json';
import frStore from '@falkenhost/locales/fr/store.json';
import skAdmin from '@falkenhost/locales/sk/admin.json';
import skCommon from '@falkenhost/locales/sk/common.json';
import skServers from '@falkenhost/locales/sk/servers.json';
import skStore from '@falkenhost/locales/sk/store.json';
import { createInstance, type i18n as I18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EGG_READING_FRESH_MS } from '../../api/src/panel/nests';
import {
  type Answer,
  billingAddress,
  grantCredits,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../../api/test/harness';
import { gameVariableTexts } from '../src/features/admin-store/utils/errors';
import { gameFormData } from '../src/features/admin-store/utils/form-data';
import { gameVariablesProblem, liveSource } from '../src/features/admin-store/utils/game-variables';
import { serverVariablesErrorKey } from '../src/features/servers/utils/errors';
import { orderPackageError, packageByCreditsError } from '../src/features/store/utils/errors';
import {
  type VariableLabel,
  type VariableText,
  variableAnswerTexts,
  variableText,
  variableValueText,
} from '../src/lib/egg-variables';
import { apiResult, expectTranslated } from './support';

let i18n: I18n;

/** The variable's message in English, checked translated in the other four languages. */
function expectText(
  text: { key: string; values?: Record<string, string | number> } | null | undefined,
  english: string | RegExp,
  ns = 'store',
): string {
  expect(text).toBeTruthy();
  const { key, values = {} } = text as VariableText;
  return expectTranslated(i18n, ns, key, english, values as Record<string, string>);
}

const LICENCE: VariableLabel = {
  env_variable: 'FIVEM_LICENSES',
  name: 'fivem license',
  rules: 'required|string|max:33',
};
/** The licence as the product answers it: labelled by the demo's staff text (docs/decisions/438). */
const SERVED = { ...LICENCE, name: 'FiveM licence key' };
const field = (rules: string, name = 'Slots'): VariableLabel => ({ env_variable: 'X', name, rules });

beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    resources: {
      en: { common: enCommon, store: enStore, servers: enServers, admin: enAdmin },
      cs: { common: csCommon, store: csStore, servers: csServers, admin: csAdmin },
      sk: { common: skCommon, store: skStore, servers: skServers, admin: skAdmin },
      de: { common: deCommon, store: deStore, servers: deServers, admin: deAdmin },
      fr: { common: frCommon, store: frStore, servers: frServers, admin: frAdmin },
    },
    interpolation: { escapeValue: false },
  });
});

describe('one message per rule, naming the field (client check)', () => {
  it('FiveM licence: required, at most 33 characters, a good key passes', () => {
    expectText(variableValueText(LICENCE, ''), 'Please fill in “fivem license”');
    expectText(variableValueText(LICENCE, '   '), 'Please fill in “fivem license”');
    expectText(
      variableValueText(LICENCE, 'x'.repeat(40)),
      '“fivem license” can be at most 33 characters long',
    );
    expect(variableValueText(LICENCE, 'cfxk_'.padEnd(33, 'a'))).toBeNull();
  });

  it('CS:GO Steam token: letters and digits, exactly 32', () => {
    const steam = field('required|string|alpha_num|size:32', 'Steam Account Token');
    expectText(
      variableValueText(steam, 'abc-def'),
      '“Steam Account Token” can contain only letters and digits',
    );
    expectText(variableValueText(steam, 'abc'), '“Steam Account Token” must be exactly 32 characters long');
    expect(variableValueText(steam, 'A'.repeat(32))).toBeNull();
  });

  it('characters are counted with plurals; numbers are compared when the rules say numeric or integer', () => {
    expectText(variableValueText(field('min:2'), 'a'), '“Slots” must be at least 2 characters long');
    expectText(variableValueText(field('max:1'), 'ab'), '“Slots” can be at most 1 character long');
    expectText(variableValueText(field('between:2,5'), 'a'), '“Slots” must be 2 to 5 characters long');
    const players = field('required|integer|between:1,48');
    expectText(variableValueText(players, 'ten'), '“Slots” must be a whole number');
    expectText(variableValueText(players, '49'), '“Slots” must be between 1 and 48');
    expectText(variableValueText(field('numeric|max:10'), '11'), '“Slots” can be at most 10');
    expectText(variableValueText(field('numeric|min:10'), '9'), '“Slots” must be at least 10');
    expectText(variableValueText(field('numeric|size:3'), '4'), '“Slots” must be 3');
    expectText(variableValueText(field('required|numeric'), 'x'), '“Slots” must be a number');
    // Czech has its own forms for 1, 2-4 and 5+.
    const cs = (param: string) => {
      const text = variableText({ rule: 'max', param }, LICENCE);
      return i18n.t(text.key, { ...text.values, lng: 'cs' });
    };
    expect(new Set([cs('1'), cs('3'), cs('33')]).size).toBe(3);
    expect(cs('33')).toBe('Pole „fivem license“ může mít nejvýše 33 znaků');
  });

  it('boolean, regex, in, alpha, alpha_dash, and a generic message for a rule without its own', () => {
    expectText(variableValueText(field('required|boolean'), 'yes'), '“Slots” must be 0 or 1');
    expectText(variableValueText(field('regex:/^\\d+$/'), 'x'), '“Slots” is not in the expected format');
    expectText(variableValueText(field('required|numeric|in:1,2,3'), '4'), '“Slots” must be one of: 1, 2, 3');
    expectText(variableValueText(field('alpha'), 'a1'), '“Slots” can contain only letters');
    expectText(
      variableValueText(field('alpha_dash'), 'a b'),
      '“Slots” can contain only letters, digits, hyphens and underscores',
    );
    expectText(variableText({ rule: 'url', param: '' }, field('url')), '“Slots” is not valid for this game');
    expectText(
      variableText({ rule: 'max', param: 'x' }, field('max:x')),
      '“Slots” is not valid for this game',
    );
  });

  it('read-only and missing from the server have their own messages', () => {
    expectText(variableText({ rule: 'read-only', param: '' }, LICENCE), '“fivem license” cannot be set here');
    expectText(
      variableText({ rule: 'missing', param: '' }, LICENCE),
      'This game cannot be ordered right now; staff must complete its set-up',
    );
  });
});

describe('server answers (FiveM, the panel own egg)', () => {
  let product: Product;
  let customer: { session: Session; username: string };
  let staff: Session;
  let offer: { pkg: { id: number; game_id: number }; locationId: number; eggId: number; gameId: number };
  const key = (fill: string) => 'cfxk_'.padEnd(33, fill);

  const credits = async () =>
    (
      await product.server.ctx.db
        .selectFrom('users')
        .select('credits')
        .where('username', '=', customer.username)
        .executeTakeFirstOrThrow()
    ).credits;
  const byCredits = (variables: unknown, serverName = 'Five') =>
    customer.session.post('/api/private/store/package-by-credits', {
      serverName,
      packageId: offer.pkg.id,
      eggId: offer.eggId,
      locationId: offer.locationId,
      variables,
    });
  const byCard = (variables: unknown) =>
    customer.session.post('/api/private/store/order-package', {
      referrer: '',
      discountCode: '',
      name: 'Five monthly',
      ...billingAddress,
      paymentMethod: 'creditCard',
      packageId: offer.pkg.id,
      addonIds: '[]',
      eggId: offer.eggId,
      locationId: offer.locationId,
      variables,
    });
  const licence = (answer: Answer) =>
    variableAnswerTexts(apiResult(answer), [LICENCE])?.get('FIVEM_LICENSES');
  const panelLicence = () =>
    product.server
      .emulators!.pterodactyl.db.eggs.flatMap((egg) => egg.variables)
      .find((v) => v.env_variable === 'FIVEM_LICENSES')!;
  /** The product reads eggs again once its one-minute cache is over. */
  // The product reads the panel's eggs again once its reading is that old.
  const forgetEggs = () => product.advance(EGG_READING_FRESH_MS + 1_000);

  beforeAll(async () => {
    product = await startProduct('sqlite');
    customer = await registerVerified(product);
    await grantCredits(product, customer.username, 2_000);
    const admin = await registerVerified(product);
    await product.server.ctx.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('username', '=', admin.username)
      .execute();
    staff = admin.session;
    const games = (await customer.session.get('/api/public/store/games')).body;
    const game = games.find((g: { name: string }) => g.name === 'FiveM');
    const packages = (
      await customer.session.get(`/api/private/store/available-users-packages?gameId=${game.id}`)
    ).body;
    const pkg = packages.find((p: { name: string }) => p.name === 'FiveM Starter');
    const locations = (await customer.session.get(`/api/private/store/package-locations?packageId=${pkg.id}`))
      .body;
    offer = { pkg, locationId: locations[0].id, eggId: pkg.eggs[0], gameId: game.id };
  });
  afterAll(async () => product?.close());

  it('the order dialog asks for the licence key the egg requires', async () => {
    const answer = await customer.session.get(
      `/api/private/store/package-variables?packageId=${offer.pkg.id}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body[String(offer.eggId)]).toEqual([
      expect.objectContaining({ ...SERVED, default_value: '' }),
    ]);
  });

  it('a missing, too long or read-only value: 400 with the dialog message, nothing charged', async () => {
    const before = await credits();
    const empty = await byCredits({});
    expect(empty).toMatchObject({ status: 400, body: { reason: 'variable' } });
    expectText(packageByCreditsError(apiResult(empty), [LICENCE]), 'Please fill in “fivem license”');

    const long = await byCredits({ FIVEM_LICENSES: 'x'.repeat(40) });
    expect(long.status).toBe(400);
    // One rule on both sides: the server's answer reads as the client's own check.
    expect(licence(long)).toEqual(variableValueText(LICENCE, 'x'.repeat(40)));
    expectText(
      packageByCreditsError(apiResult(long), [LICENCE]),
      '“fivem license” can be at most 33 characters long',
    );

    const card = await byCard({ FIVEM_LICENSES: 'x'.repeat(40) });
    expect(card).toMatchObject({ status: 400, body: { reason: 'variable' } });
    expectText(
      orderPackageError(apiResult(card), [LICENCE]),
      '“fivem license” can be at most 33 characters long',
    );
    const cardEmpty = await byCard({ FIVEM_LICENSES: '' });
    expectText(orderPackageError(apiResult(cardEmpty), [LICENCE]), 'Please fill in “fivem license”');

    const extra = await byCredits({ FIVEM_LICENSES: key('a'), MAX_PLAYERS: '10' });
    expect(extra.status).toBe(400);
    expectText(packageByCreditsError(apiResult(extra), [LICENCE]), '“MAX_PLAYERS” cannot be set here');
    expect(await credits()).toBe(before);
  });

  it('server details: the key given is shown, a refused change has the same message, a good one is kept', async () => {
    const ordered = await byCredits({ FIVEM_LICENSES: ` ${key('a')} ` }, 'Five details');
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const servers = (await customer.session.get('/api/private/servers/owned-servers')).body;
    const id = servers.find((s: { name: string }) => s.name === 'Five details').user_package_id;
    const list = await customer.session.get(`/api/private/servers/variables?id=${id}`);
    expect(list.body).toEqual([expect.objectContaining({ ...SERVED, value: key('a') })]);

    const refused = await customer.session.request('PUT', '/api/private/servers/variables', {
      id,
      variables: { FIVEM_LICENSES: 'x'.repeat(40) },
    });
    expect(refused.status).toBe(400);
    expectText(licence(refused), '“fivem license” can be at most 33 characters long');

    // The server takes new values once the panel has installed it.
    await expect
      .poll(
        async () =>
          (
            await customer.session.request('PUT', '/api/private/servers/variables', {
              id,
              variables: { FIVEM_LICENSES: key('b') },
            })
          ).status,
        { timeout: 8_000 },
      )
      .toBe(200);
    const after = await customer.session.get(`/api/private/servers/variables?id=${id}`);
    expect(after.body[0].value).toBe(key('b'));
    expectTranslated(
      i18n,
      'servers',
      serverVariablesErrorKey({ status: 409, error: { reason: 'server-state' } }),
      'The server cannot do this in its current state.',
    );
    expectTranslated(
      i18n,
      'servers',
      serverVariablesErrorKey({ status: 502, error: { reason: 'panel' } }),
      /panel/,
    );
    expectTranslated(i18n, 'servers', serverVariablesErrorKey({ status: 0, error: undefined }), /^An error/);
    expectTranslated(i18n, 'servers', 'gameSettings.saved', /next start/);
  });

  it('staff: who gives each value, a refused value, a game that cannot be published', async () => {
    const game = (await staff.get('/api/private/store/games')).body.find(
      (g: { name: string }) => g.name === 'FiveM',
    );
    const variables = async () =>
      (await staff.get(`/api/private/store/game-variables?id=${offer.gameId}`)).body as GameVariable[];
    const asked = await variables();
    expect(asked).toEqual([
      expect.objectContaining({ env_variable: 'FIVEM_LICENSES', source: 'customer', user_editable: true }),
    ]);
    expectTranslated(i18n, 'admin', `games.variables.source.${asked[0]!.source}`, 'Asked from customers');

    const draft = {
      name: game.name,
      desktop: game.desktop,
      console: game.console,
      mobile: game.mobile,
      active: true,
      priority: game.priority,
      image: null,
      thumbnail: null,
    };
    const save = (values: Record<string, string>, active = true) =>
      staff.request(
        'PUT',
        '/api/private/store/games',
        gameFormData({ ...draft, active, variables: values }, game.id),
      );
    const long = await save({ FIVEM_LICENSES: 'x'.repeat(40) });
    expect(long).toMatchObject({ status: 400, body: { reason: 'variable' } });
    expectText(
      gameVariableTexts(apiResult(long), asked)?.get('FIVEM_LICENSES'),
      '“fivem license” can be at most 33 characters long',
    );
    expect(gameVariablesProblem(asked, { FIVEM_LICENSES: 'x'.repeat(40) }, true)).toEqual(
      variableValueText(LICENCE, 'x'.repeat(40)),
    );

    // An egg that does not let users edit the licence: nobody gives it, the game cannot be published.
    panelLicence().user_editable = false;
    forgetEggs();
    try {
      const missing = await variables();
      expect(missing[0]?.source).toBe('missing');
      expect(liveSource(missing[0]!, { FIVEM_LICENSES: '' })).toBe('missing');
      expect(liveSource(missing[0]!, { FIVEM_LICENSES: key('c') })).toBe('game');
      const message = '“fivem license” needs a value before the game can be published';
      expectText(gameVariablesProblem(missing, { FIVEM_LICENSES: '' }, true), message, 'admin');
      expect(gameVariablesProblem(missing, { FIVEM_LICENSES: '' }, false)).toBeNull();
      const refused = await save({ FIVEM_LICENSES: '' });
      expect(refused).toMatchObject({ status: 400, body: { reason: 'variable' } });
      expectText(gameVariableTexts(apiResult(refused), missing)?.get('FIVEM_LICENSES'), message, 'admin');

      const order = await byCredits({});
      expect(order).toMatchObject({ status: 400, body: { reason: 'variable' } });
      expectText(
        packageByCreditsError(apiResult(order), []),
        'This game cannot be ordered right now; staff must complete its set-up',
      );

      // Staff's value serves every server: the game is published and customers are asked nothing.
      const saved = await save({ FIVEM_LICENSES: key('c') });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await variables())[0]).toMatchObject({ source: 'game', value: key('c') });
      const fields = await customer.session.get(
        `/api/private/store/package-variables?packageId=${offer.pkg.id}`,
      );
      expect(fields.body[String(offer.eggId)]).toEqual([]);
    } finally {
      panelLicence().user_editable = true;
      forgetEggs();
      await save({ FIVEM_LICENSES: '' });
    }
  });
});
