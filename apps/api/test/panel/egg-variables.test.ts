/**
 * Egg variables a server needs a value for (issue 28 point 3): the panel's FiveM egg requires
 * FIVEM_LICENSES with an empty default, so the customer gives it in the order, checked by the egg's own
 * rules before any money moves; staff set values on the game; customers change theirs in server details.
 */
import { checkEggVariable, normaliseVariableValue } from '@falkenhost/contracts/egg-variables';
import { checkRules, normaliseInput } from '@falkenhost/pterodactyl-emulator/rules';
import { createEmulatorState } from '@falkenhost/pterodactyl-emulator/state/state';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EGG_READING_FRESH_MS } from '../../src/panel/nests';
import {
  billingAddress,
  grantCredits,
  type Product,
  registerStaff,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
} from '../harness';
import { isInstalled, PANEL_CASES, panelRules, productPanel } from '../panels';

const LICENCE = 'cfxk_1a2b3c4d5e6f7g8h9i0j_abcdef';

describe('the product checks egg values as the panel does', () => {
  it('agrees with the emulated panel on every seeded variable and the other rules we check, for any value', () => {
    const state = createEmulatorState({ publicUrl: 'http://localhost', wingsSocketBase: 'ws://localhost' });
    // Every seeded variable, and rules of eggs a host may write with the other rules we check.
    const variables = [
      ...state.db.eggs.flatMap((egg) => egg.variables),
      ...[
        'required|digits:4',
        'nullable|digits_between:2,5',
        'required|integer|size:10',
        'sometimes|alpha|min:2',
      ].map((rules) => ({ rules })),
    ];
    state.close();
    const value = fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        '0',
        '1',
        '2',
        '48',
        '49',
        'de_dust2',
        'a'.repeat(32),
        'a'.repeat(34),
        'x.jar',
      ),
      fc.string({ maxLength: 40 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/),
      fc.integer({ min: -5, max: 70000 }).map(String),
    );
    fc.assert(
      fc.property(fc.constantFrom(...variables), value, (variable, raw) => {
        const ours = checkEggVariable(variable.rules, raw);
        const panel = checkRules(normaliseInput(raw), true, variable.rules, 'value');
        expect({ rules: variable.rules, raw, rule: ours?.rule ?? null }).toEqual({
          rules: variable.rules,
          raw,
          rule: panel?.rule ?? null,
        });
      }),
      { numRuns: 3000 },
    );
    expect(normaliseVariableValue('  ')).toBeNull();
  });
});

describe.each(PANEL_CASES)('egg variables on $db, $panel', ({ db: kind, panel: panelKind }) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { panel: panelKind });
  });
  afterAll(async () => product?.close());

  const panel = () => productPanel(product);

  async function fivemOffer(session: Session) {
    const games = (await session.get('/api/public/store/games')).body;
    const game = games.find((g: { name: string }) => g.name === 'FiveM');
    const packages = (await session.get(`/api/private/store/available-users-packages?gameId=${game.id}`))
      .body;
    const pkg = packages[0];
    const locations = (await session.get(`/api/private/store/package-locations?packageId=${pkg.id}`)).body;
    return { game, pkg, location: locations[0], egg: pkg.eggs[0] as number };
  }

  async function customer(credits = 100) {
    const registered = await registerVerified(product);
    await grantCredits(product, registered.username, credits);
    return registered;
  }

  const credits = async (session: Session) => (await session.get('/api/private/credits')).body.credits;

  it('asks the customer for the licence key of the FiveM egg', async () => {
    const { session } = await customer();
    const { pkg, egg } = await fivemOffer(session);
    const res = await session.get(`/api/private/store/package-variables?packageId=${pkg.id}`);
    expect(res.status).toBe(200);
    expect(res.body[String(egg)]).toEqual([
      {
        env_variable: 'FIVEM_LICENSES',
        // staff's text (the demo's, docs/decisions/438), not the panel's "fivem license"
        name: 'FiveM licence key',
        description: expect.stringContaining('keymaster.fivem.net'),
        rules: panelRules(panelKind, 'required|string|max:33'),
        default_value: '',
      },
    ]);
  });

  it("labels a variable in the customer's language from staff's texts, else the panel's name made readable", async () => {
    const staff = await registerStaff(product, 'admin');
    const { session } = await customer();
    const { game, pkg, egg } = await fivemOffer(session);
    const fieldIn = async (language: string) => {
      session.acceptLanguage = language;
      const res = await session.get(`/api/private/store/package-variables?packageId=${pkg.id}`);
      return res.body[String(egg)][0] as { name: string; description: string };
    };
    // The demo's texts in all five languages.
    expect(await fieldIn('de')).toMatchObject({
      name: 'FiveM-Lizenzschlüssel',
      description: expect.stringContaining('Lizenzschlüssel Ihres Servers'),
    });
    expect((await fieldIn('cs')).name).toBe('Licenční klíč FiveM');
    const seeded = (await staff.session.get(`/api/private/store/game-variables?id=${game.id}`)).body[0];
    expect(seeded.texts.fr).toEqual({
      label: 'Clé de licence FiveM',
      help: expect.stringContaining('cfxk_'),
    });

    const put = (texts: unknown, who = staff.session) =>
      who.request('PUT', '/api/private/store/variable-texts', {
        game: game.id,
        env_variable: 'FIVEM_LICENSES',
        texts,
      });
    expect((await put({ fr: { label: 'Clé', help: '' } }, session)).status).toBe(403);
    const tooLong = await put({ de: { label: 'x'.repeat(65), help: '' } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ msg: 'outOfRange', path: 'texts.de.label' }]);
    expect((await fieldIn('de')).name).toBe('FiveM-Lizenzschlüssel');

    // Only French left: French reads it; German and English the panel's name made readable, never the env
    // name; the panel's English description only in English.
    const saved = await put({
      fr: { label: 'Clé FiveM', help: 'Sur keymaster.fivem.net.' },
      de: { label: '', help: '' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ fr: { label: 'Clé FiveM', help: 'Sur keymaster.fivem.net.' } });
    expect(await fieldIn('fr')).toMatchObject({ name: 'Clé FiveM', description: 'Sur keymaster.fivem.net.' });
    expect(await fieldIn('de')).toMatchObject({ name: 'Fivem License', description: '' });
    expect(await fieldIn('en')).toMatchObject({
      name: 'Fivem License',
      description: expect.stringContaining('Required to start the service'),
    });
    const audit = await product.server.ctx.db
      .selectFrom('audit_log')
      .select(['entity', 'entity_id'])
      .where('entity', '=', 'game')
      .where('entity_id', '=', game.id)
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);

    // The demo's texts back, for the tests that follow.
    const back = await put(seeded.texts);
    expect(back.status).toBe(200);
    expect((await fieldIn('en')).name).toBe('FiveM licence key');
    session.acceptLanguage = undefined;
  });

  it('refuses a FiveM order without a key or with a malformed one, charging nothing', async () => {
    const { session } = await customer();
    const { pkg, location, egg } = await fivemOffer(session);
    const before = panel().servers().length;
    const order = (variables?: Record<string, string>) =>
      session.post('/api/private/store/package-by-credits', {
        serverName: uniqueName('fivem'),
        packageId: pkg.id,
        eggId: egg,
        locationId: location.id,
        ...(variables ? { variables } : {}),
      });
    for (const [variables, msg] of [
      [undefined, 'required'],
      [{ FIVEM_LICENSES: '   ' }, 'required'],
      [{ FIVEM_LICENSES: 'k'.repeat(40) }, 'max:33'],
      [{ FIVEM_LICENSES: LICENCE, MAX_PLAYERS: '10' }, 'read-only'],
    ] as const) {
      const res = await order(variables);
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('variable');
      expect(res.body.errors).toContainEqual({
        path: msg === 'read-only' ? 'MAX_PLAYERS' : 'FIVEM_LICENSES',
        msg,
      });
    }
    const card = await session.post('/api/private/store/order-package', {
      ...billingAddress,
      name: 'fivem-card',
      paymentMethod: 'creditCard',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
      variables: { FIVEM_LICENSES: '' },
    });
    expect(card.status).toBe(400);
    expect(card.body).toMatchObject({
      reason: 'variable',
      errors: [{ path: 'FIVEM_LICENSES', msg: 'required' }],
    });
    expect(await credits(session)).toBe(100);
    expect(panel().servers().length).toBe(before);
    expect((await session.get('/api/private/servers/owned-servers')).body).toEqual([]);
  });

  it('makes a FiveM server with the key, and the customer can change it later', async () => {
    const { session } = await customer();
    const { pkg, location, egg } = await fivemOffer(session);
    const res = await session.post('/api/private/store/package-by-credits', {
      serverName: 'roleplay',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
      variables: { FIVEM_LICENSES: ` ${LICENCE} ` },
    });
    expect(res.status).toBe(200);
    const [server] = (await session.get('/api/private/servers/owned-servers')).body;
    const onPanel = () =>
      panel()
        .servers()
        .find((s) => s.uuid === server.ptero_server_uuid)!;
    expect(onPanel().environment).toMatchObject({ FIVEM_LICENSES: LICENCE, MAX_PLAYERS: '32' });

    const id = server.user_package_id;
    expect((await session.get(`/api/private/servers/variables?id=${id}`)).body).toEqual([
      expect.objectContaining({ env_variable: 'FIVEM_LICENSES', value: LICENCE }),
    ]);
    // The panel refuses changes while the server installs; wait for it to finish.
    await expect.poll(() => isInstalled(onPanel()), { timeout: 10_000 }).toBe(true);
    const bad = await session.request('PUT', '/api/private/servers/variables', {
      id,
      variables: { FIVEM_LICENSES: 'x'.repeat(34) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'FIVEM_LICENSES', msg: 'max:33' }]);
    const next = 'cfxk_zzzzzzzzzzzzzzzzzzzz_qwerty';
    const ok = await session.request('PUT', '/api/private/servers/variables', {
      id,
      variables: { FIVEM_LICENSES: next },
    });
    expect(ok.status).toBe(200);
    expect(ok.body[0].value).toBe(next);
    expect(onPanel().environment.FIVEM_LICENSES).toBe(next);

    const other = (await customer()).session;
    expect((await other.get(`/api/private/servers/variables?id=${id}`)).status).toBe(404);
    expect(
      (
        await other.request('PUT', '/api/private/servers/variables', {
          id,
          variables: { FIVEM_LICENSES: next },
        })
      ).status,
    ).toBe(404);
  });

  it('lets staff give a value for every server of a game, and keeps a game nobody can provision unpublished', async () => {
    const staff = await registerStaff(product, 'admin');
    const { session: buyer } = await customer();
    const { game, pkg, location, egg } = await fivemOffer(buyer);

    const status = await staff.session.get(`/api/private/store/game-variables?id=${game.id}`);
    expect(status.status).toBe(200);
    expect(status.body).toEqual([
      expect.objectContaining({
        env_variable: 'FIVEM_LICENSES',
        source: 'customer',
        value: '',
        eggs: ['FiveM'],
      }),
    ]);
    expect((await buyer.get(`/api/private/store/game-variables?id=${game.id}`)).status).toBe(403);

    // When the egg does not let users edit the key, nobody gives it: the game cannot stay published.
    const fivem = panel().db.eggs.find((e) => e.id === egg)!;
    const licence = fivem.variables.find((v) => v.env_variable === 'FIVEM_LICENSES')!;
    licence.user_editable = false;
    product.advance(EGG_READING_FRESH_MS + 1_000); // the product reads the eggs again after that
    try {
      const missing = (await staff.session.get(`/api/private/store/game-variables?id=${game.id}`)).body;
      expect(missing).toEqual([
        expect.objectContaining({ env_variable: 'FIVEM_LICENSES', source: 'missing' }),
      ]);
      const form = (fields: Record<string, string>) => {
        const body = new FormData();
        for (const [k, v] of Object.entries({
          id: String(game.id),
          name: 'FiveM',
          desktop: 'true',
          console: 'false',
          mobile: 'false',
          priority: '1',
          active: 'true',
          ...fields,
        }))
          body.append(k, v);
        return staff.session.request('PUT', '/api/private/store/games', body);
      };
      const refused = await form({});
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        reason: 'variable',
        errors: [{ path: 'FIVEM_LICENSES', msg: 'missing' }],
      });
      const order = await buyer.post('/api/private/store/package-by-credits', {
        serverName: 'nobody-gave-it',
        packageId: pkg.id,
        eggId: egg,
        locationId: location.id,
      });
      expect(order.body).toMatchObject({
        reason: 'variable',
        errors: [{ path: 'FIVEM_LICENSES', msg: 'missing' }],
      });

      // Nor may an active package bring that egg to the published game.
      const packageForm = new FormData();
      for (const [k, v] of Object.entries({
        id: String(pkg.id),
        name: pkg.name,
        credits: '250',
        game: String(game.id),
        nodes: JSON.stringify(panel().db.nodes.map((n) => n.id)),
        eggs: JSON.stringify([egg]),
        vcpu: '200',
        io: '500',
        slots: '32',
        storage: '20',
        ram: '4096',
        swap: '0',
        databases: '1',
        backups: '2',
        ports: '2',
        active: 'true',
      }))
        packageForm.append(k, v);
      const pkgEdit = await staff.session.request('PUT', '/api/private/store/packages', packageForm);
      expect(pkgEdit.status).toBe(400);
      expect(pkgEdit.body).toMatchObject({
        reason: 'variable',
        errors: [{ path: 'FIVEM_LICENSES', msg: 'missing' }],
      });

      const tooLong = await form({ variables: JSON.stringify({ FIVEM_LICENSES: 'y'.repeat(34) }) });
      expect(tooLong.body).toMatchObject({
        reason: 'variable',
        errors: [{ path: 'FIVEM_LICENSES', msg: 'max:33' }],
      });
      const saved = await form({ variables: JSON.stringify({ FIVEM_LICENSES: LICENCE }) });
      expect(saved.status).toBe(200);
      expect((await staff.session.get(`/api/private/store/game-variables?id=${game.id}`)).body).toEqual([
        expect.objectContaining({ env_variable: 'FIVEM_LICENSES', source: 'game', value: LICENCE }),
      ]);
      // Customers are no longer asked, and the server gets staff's value.
      expect(
        (await buyer.get(`/api/private/store/package-variables?packageId=${pkg.id}`)).body[String(egg)],
      ).toEqual([]);
      const bought = await buyer.post('/api/private/store/package-by-credits', {
        serverName: 'staff-key',
        packageId: pkg.id,
        eggId: egg,
        locationId: location.id,
      });
      expect(bought.status).toBe(200);
      const [server] = (await buyer.get('/api/private/servers/owned-servers')).body;
      expect(
        panel()
          .servers()
          .find((s) => s.uuid === server.ptero_server_uuid)?.environment.FIVEM_LICENSES,
      ).toBe(LICENCE);
      expect((await form({ variables: JSON.stringify({ FIVEM_LICENSES: '' }) })).status).toBe(400);
    } finally {
      licence.user_editable = true;
      await product.server.ctx.db
        .updateTable('games')
        .set({ variables: '{}' })
        .where('id', '=', game.id)
        .execute();
      product.advance(EGG_READING_FRESH_MS + 1_000);
    }
  });
});
