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
import {
  DATABASES,
  grantCredits,
  type Product,
  registerStaff,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
} from '../harness';

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

  async function offer(session: Session, gameName: string, packageName: string) {
    const games = (await session.get('/api/public/store/games')).body;
    const game = games.find((g: { name: string }) => g.name === gameName);
    const packages = (await session.get(`/api/private/store/available-users-packages?gameId=${game.id}`))
      .body;
    const pkg = packages.find((p: { name: string }) => p.name === packageName);
    const locations = (await session.get(`/api/private/store/package-locations?packageId=${pkg.id}`)).body;
    return { pkg, location: locations[0], egg: pkg.eggs[0] as number };
  }

  async function order(gameName: string, packageName: string, variables: Record<string, string> = {}) {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 2_000);
    const { pkg, location, egg } = await offer(session, gameName, packageName);
    const serverName = uniqueName('pelican');
    const res = await session.post('/api/private/store/package-by-credits', {
      serverName,
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
      variables,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const servers = (await session.get('/api/private/servers/owned-servers')).body;
    const id: number = servers.find((s: { name: string }) => s.name === serverName).user_package_id;
    return { session, id };
  }

  it('sells the demo catalogue from the nodes’ tags as locations and the eggs’ tags as nests', async () => {
    const games = (await master.get('/api/public/store/games')).body.map((g: Loose) => g.name);
    expect(games).toEqual(expect.arrayContaining(['Minecraft', 'FiveM', 'Terraria']));
    const locations = (await master.get('/api/private/store/locations')).body;
    expect(locations).toEqual([expect.objectContaining({ code: 'de-fsn', panel_name: 'de-fsn' })]);
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
