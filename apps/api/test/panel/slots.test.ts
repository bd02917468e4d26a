/**
 * A package's slots on the panel (issue 42 point 6, docs/decisions/408-slots-on-the-panel.md): the egg's
 * player-count variable holds the package's slots after an order and after a package change, drift is
 * repaired by the reconciler, staff may name the variable per egg or say there is none, and a package whose
 * slots an egg refuses cannot be saved. Real database, real HTTP, the panel emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMasterAccount } from '../../src/app/seed/master';
import { reconcilePanel } from '../../src/orders/reconciliation/panel-reconciler';
import {
  newServer,
  type Product,
  packageOffer,
  registerStaff,
  type Session,
  startProduct,
  uniqueName,
} from '../harness';
import { PANEL_CASES, panelRules, productPanel } from '../panels';

const LICENCE = 'cfxk_1a2b3c4d5e6f7g8h9i0j_abcdef';

// biome-ignore lint/suspicious/noExplicitAny: a test's view of any JSON body
type Loose = any;

describe.each(PANEL_CASES)('package slots on the panel on $db, $panel', ({ db: kind, panel: panelKind }) => {
  let product: Product;
  let master: Session;
  beforeAll(async () => {
    product = await startProduct(kind, { panel: panelKind });
    await ensureMasterAccount(product.server.ctx, 'master@example.com');
    master = (await registerStaff(product, 'master')).session;
  });
  afterAll(async () => product?.close());

  const panel = () => productPanel(product);
  const ctx = () => product.server.ctx;
  const panelServerOf = (userPackageId: number) =>
    panel().db.servers.find((s) => s.external_id === `falkenhost-server-${userPackageId}`);

  const order = (gameName: string, packageName: string, variables?: Record<string, string>) =>
    newServer(product, gameName, packageName, variables);

  it('makes a FiveM Starter server with its 32 slots, never the egg’s 48, and keeps them off the order form', async () => {
    const { session, id } = await order('FiveM', 'FiveM Starter', { FIVEM_LICENSES: LICENCE });
    expect(panelServerOf(id)?.environment.MAX_PLAYERS).toBe('32');
    const { pkg, egg } = await packageOffer(session, 'FiveM', 'FiveM Starter');
    const fields = (await session.get(`/api/private/store/package-variables?packageId=${pkg.id}`)).body;
    expect(fields[String(egg)].map((f: Loose) => f.env_variable)).toEqual(['FIVEM_LICENSES']);
  });

  it('sets the new package’s slots at a package change', async () => {
    const { session, id } = await order('7 Days To Die', '7 Days Standard');
    expect(panelServerOf(id)?.environment.MAX_PLAYERS).toBe('8');
    const packages = (await session.get(`/api/private/packages/available-for-change?id=${id}`)).body;
    const performance = packages.find((p: { name: string }) => p.name === '7 Days Performance');
    const changed = await session.post('/api/private/packages/change-package', {
      newPackageId: performance.id,
      userPackageId: id,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const server = panelServerOf(id)!;
    expect(server.environment.MAX_PLAYERS).toBe('16');
    // The other variables keep the values the panel held.
    expect(server.environment.GAME_DIFFICULTY).toBe('2');
  });

  it('repairs slots changed on the panel, and writes the repair to the audit log', async () => {
    const { id } = await order('Terraria', 'Terraria Performance');
    const server = panelServerOf(id)!;
    expect(server.environment.MAX_PLAYERS).toBe('32');
    server.environment.MAX_PLAYERS = '200';
    const result = await reconcilePanel(ctx());
    expect(result.repaired).toBeGreaterThanOrEqual(1);
    expect(panelServerOf(id)?.environment.MAX_PLAYERS).toBe('32');
    const audit = await ctx()
      .db.selectFrom('audit_log')
      .select(['before'])
      .where('entity', '=', 'server')
      .where('entity_id', '=', id)
      .execute();
    expect(audit.map((a) => JSON.parse(a.before ?? 'null')?.slots)).toContainEqual({ MAX_PLAYERS: '200' });
  });

  it('tells staff which eggs enforce slots, and refuses slots an egg’s variable does not allow', async () => {
    const data = (await master.get('/api/private/store/packages-additional-data')).body;
    const games = (await master.get('/api/public/store/games')).body;
    const fivem = games.find((g: { name: string }) => g.name === 'FiveM');
    const minecraft = games.find((g: { name: string }) => g.name === 'Minecraft');
    const fivemEgg = data.nests.find((n: Loose) => n.name === 'FiveM').eggs[0].id;
    const paperEgg = data.nests
      .find((n: Loose) => n.name === 'Minecraft')
      .eggs.find((e: Loose) => e.name === 'Paper').id;
    expect(data.slot_variables[fivem.id][fivemEgg]).toEqual({
      env_variable: 'MAX_PLAYERS',
      rules: panelRules(panelKind, 'required|integer|between:1,48'),
    });
    expect(data.slot_variables[minecraft.id][paperEgg]).toBeNull();

    const before = (await ctx().db.selectFrom('packages').select('id').execute()).length;
    const form = new FormData();
    const fields: Record<string, string> = {
      name: uniqueName('FiveM Huge'),
      credits: '500',
      game: String(fivem.id),
      target: '',
      nodes: JSON.stringify([data.locations[0].nodes[0].id]),
      eggs: JSON.stringify([fivemEgg]),
      vcpu: '100',
      io: '500',
      slots: '64',
      storage: '10',
      ram: '1024',
      swap: '0',
      databases: '0',
      backups: '0',
      ports: '1',
      active: 'true',
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    form.append('thumbnail', new Blob([new Uint8Array(png)]), 'thumb.png');
    const res = await master.request('POST', '/api/private/store/packages', form);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors).toEqual([{ msg: 'slotsRefused', path: 'slots' }]);
    expect((await ctx().db.selectFrom('packages').select('id').execute()).length).toBe(before);
  });

  it('uses the variable staff name for an egg, and none when staff say slots are not enforced', async () => {
    const games = (await master.get('/api/public/store/games')).body;
    const satisfactory = games.find((g: { name: string }) => g.name === 'Satisfactory');
    const status = (await master.get(`/api/private/store/game-slots?id=${satisfactory.id}`)).body;
    expect(status).toEqual([
      expect.objectContaining({ choice: null, detected: 'MAX_PLAYERS', egg: 'Satisfactory' }),
    ]);
    const eggId: number = status[0].egg_id;
    const save = (slotVariables: Record<string, string>) => {
      const form = new FormData();
      const fields: Record<string, string> = {
        id: String(satisfactory.id),
        name: 'Satisfactory',
        desktop: 'true',
        console: 'false',
        mobile: 'false',
        active: 'true',
        priority: '4',
        slot_variables: JSON.stringify(slotVariables),
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return master.request('PUT', '/api/private/store/games', form);
    };

    const unknown = await save({ [eggId]: 'NOT_A_VARIABLE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ msg: 'variable', path: 'slot_variables' }]);
    expect((await save({ [eggId]: '' })).status).toBe(200);
    const none = await order('Satisfactory', 'Satisfactory Performance');
    // Not enforced: the egg's default stays.
    expect(panelServerOf(none.id)?.environment.MAX_PLAYERS).toBe('4');
    expect((await master.get(`/api/private/store/game-slots?id=${satisfactory.id}`)).body[0].choice).toBe('');

    expect((await save({})).status).toBe(200);
    const found = await order('Satisfactory', 'Satisfactory Performance');
    expect(panelServerOf(found.id)?.environment.MAX_PLAYERS).toBe('8');
  });
});
