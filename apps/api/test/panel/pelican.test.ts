/**
 * The product on Pelican (issue 42; docs/decisions/410-one-panel-port.md): PANEL_KIND=pelican, the real
 * client's Pelican dialect against the Pelican emulator. The demo catalogue is seeded from node tags
 * (locations) and egg tags (nests); a FiveM order asks the licence and sets the package's slots; a
 * package change moves them; one websocket credential serves many token calls although Pelican gives only
 * 5 a minute per server; the reconciler repairs drift. Real database, real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMasterAccount } from '../../src/app/seed/master';
import { reconcilePanel } from '../../src/orders/reconciliation/panel-reconciler';
import { DATABASES, newServer, type Product, registerStaff, type Session, startProduct } from '../harness';

const LICENCE = 'cfxk_1a2b3c4d5e6f7g8h9i0j_abcdef';

// biome-ignore lint/suspicious/noExplicitAny: a test's view of any JSON body
type Loose = any;

describe.each(DATABASES)('the product on Pelican on %s', (kind) => {
  let product: Product;
  let master: Session;
  beforeAll(async () => {
    product = await startProduct(kind, { panel: 'pelican' });
    await ensureMasterAccount(product.server.ctx, 'master@example.com');
    master = (await registerStaff(product, 'master')).session;
  });
  afterAll(async () => product?.close());

  const pelican = () => {
    const state = product.server.emulators?.pelican;
    if (!state) throw new Error('the product does not run the Pelican emulator');
    return state;
  };
  const panelServerOf = (userPackageId: number) =>
    pelican()
      .servers()
      .find((s) => s.external_id === `falkenhost-server-${userPackageId}`);

  const order = (gameName: string, packageName: string, variables?: Record<string, string>) =>
    newServer(product, gameName, packageName, variables);

  it('sells the demo catalogue from the nodes’ tags as locations and the eggs’ tags as nests', async () => {
    const games = (await master.get('/api/public/store/games')).body.map((g: Loose) => g.name);
    expect(games).toEqual(expect.arrayContaining(['Minecraft', 'FiveM', 'Terraria']));
    const locations = (await master.get('/api/private/store/locations')).body;
    // A tag has no name but itself: the demo names it in English too.
    expect(locations).toEqual([
      expect.objectContaining({ code: 'de-fsn', panel_name: 'de-fsn', name: 'Falkenstein, Germany' }),
    ]);
    const data = (await master.get('/api/private/store/packages-additional-data')).body;
    expect(data.nests.map((n: Loose) => n.name)).toEqual(expect.arrayContaining(['FiveM', 'Minecraft']));
    expect(data.locations[0].nodes.length).toBeGreaterThan(0);
  });

  it('asks the FiveM licence and gives the server its package’s slots, moved by a package change', async () => {
    const { session, id } = await order('FiveM', 'FiveM Starter', { FIVEM_LICENSES: LICENCE });
    expect(panelServerOf(id)?.environment).toMatchObject({ FIVEM_LICENSES: LICENCE, MAX_PLAYERS: '32' });
    const packages = (await session.get(`/api/private/packages/available-for-change?id=${id}`)).body;
    const performance = packages.find((p: { name: string }) => p.name === 'FiveM Performance');
    await expect.poll(() => panelServerOf(id)?.status ?? 'gone', { timeout: 30_000 }).not.toBe('installing');
    const changed = await session.post('/api/private/packages/change-package', {
      newPackageId: performance.id,
      userPackageId: id,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(panelServerOf(id)?.environment).toMatchObject({ FIVEM_LICENSES: LICENCE, MAX_PLAYERS: '48' });
  });

  it('serves many token calls with one websocket credential, where Pelican gives 5 a minute', async () => {
    const { session, id } = await order('Minecraft', 'Minecraft Starter');
    await expect
      .poll(async () => (await session.get(`/api/private/servers/websocket-token?id=${id}`)).status, {
        timeout: 30_000,
      })
      .toBe(200);
    const uuid = panelServerOf(id)!.uuid;
    const asked = pelican().websocketRequests(uuid);
    for (let i = 0; i < 10; i++) {
      const res = await session.get(`/api/private/servers/websocket-token?id=${id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(pelican().websocketRequests(uuid)).toBe(asked);
  });

  it('repairs slots and a suspension changed on the panel', async () => {
    const { id } = await order('Terraria', 'Terraria Performance');
    const server = panelServerOf(id)!;
    expect(server.environment.MAX_PLAYERS).toBe('32');
    const record = pelican().db.servers.find((s) => s.id === server.id)!;
    record.environment.MAX_PLAYERS = '200';
    pelican().suspendServer(record);
    const result = await reconcilePanel(product.server.ctx);
    expect(result.failed).toBe(0);
    expect(panelServerOf(id)?.environment.MAX_PLAYERS).toBe('32');
    expect(panelServerOf(id)?.status).not.toBe('suspended');
  });
});
