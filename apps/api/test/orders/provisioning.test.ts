import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  grantCredits,
  minecraftOffer,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../harness';
import { isInstalled, PANEL_CASES, productPanel } from '../panels';

describe.each(PANEL_CASES)('package by credits on $db, $panel', ({ db: kind, panel: panelKind }) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { panel: panelKind });
  });
  const panel = () => productPanel(product);
  afterAll(async () => product?.close());

  async function balance(session: Session): Promise<number> {
    return (await session.get('/api/private/credits')).body.credits;
  }

  async function panelServers(): Promise<number> {
    return panel().servers().length;
  }

  it('offers locations, eggs and add-ons for a package', async () => {
    const { session } = await registerVerified(product);
    const { pkg, location } = await minecraftOffer(session);
    expect(location).toEqual({ id: expect.any(Number), code: 'de-fsn', name: 'Falkenstein, Germany' });
    expect(pkg.used).toBe(1);
    const addons = (await session.get(`/api/private/store/package-addons?packageId=${pkg.id}`)).body;
    expect(addons.map((a: { type: string }) => a.type).sort()).toEqual(['backups', 'databases', 'storage']);
    const nests = (await session.get('/api/private/store/packages-additional-data')).body.nests;
    const eggNames = nests
      .find((n: { name: string }) => n.name === 'Minecraft')
      .eggs.map((e: { name: string }) => e.name);
    // The stock eggs: Pterodactyl's Minecraft nest has 9, Pelican tags 5 eggs Minecraft.
    expect(eggNames.length).toBe(panelKind === 'pelican' ? 5 : 9);
  });

  it('orders a server: first hour charged, panel server created, card data with a live websocket', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 100);
    const { pkg, location, egg } = await minecraftOffer(session);
    const addons = (await session.get(`/api/private/store/package-addons?packageId=${pkg.id}`)).body;
    const storage = addons.find((a: { type: string }) => a.type === 'storage');
    const res = await session.post('/api/private/store/package-by-credits', {
      serverName: 'My survival world',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
      addonIds: JSON.stringify([storage.id]),
    });
    expect(res.status).toBe(200);
    expect(res.body.link).toMatch(/^\/dashboard\/shop\/\d+\?order=[0-9a-f-]{36}$/);
    // The popup at that link tells an order paid from credits from a payment (issue 30).
    expect(
      (await session.get(`/api/private/store/order-status?${res.body.link.split('?')[1]}`)).body,
    ).toEqual({
      status: 'completed',
      credits_amount: 0,
      paid_with: 'credits',
    });
    // (100 + 40) credits a month / 730 = 0.1918 credits for the first hour
    expect(await balance(session)).toBeCloseTo(100 - 0.1918, 4);

    const servers = (await session.get('/api/private/servers/owned-servers')).body;
    expect(servers).toHaveLength(1);
    const server = servers[0];
    expect(server).toMatchObject({
      name: 'My survival world',
      billing_type: 'hourly',
      status: 'paid',
      totalCreditsPrice: 140,
      totalCreditsPerHour: 0.1918,
      storage_size: 20,
      ram_size: 2048,
      addons: [expect.objectContaining({ addon_type: 'storage', addon_quantity: 10 })],
    });
    expect(server.ptero_server_uuid).toMatch(/^[0-9a-f-]{36}$/);
    const onPanel = panel()
      .servers()
      .find((s) => s.uuid === server.ptero_server_uuid);
    expect(onPanel).toMatchObject({
      name: 'My survival world',
      external_id: `falkenhost-server-${server.user_package_id}`,
    });

    // The panel user is created once per customer.
    const again = await session.post('/api/private/store/package-by-credits', {
      serverName: 'Second',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
    });
    expect(again.status).toBe(200);
    const owners = new Set(
      panel()
        .servers()
        .filter((s) => s.name === 'Second' || s.name === 'My survival world')
        .map((s) => s.user_id),
    );
    expect(owners.size).toBe(1);

    // The panel finishes installing; a socket asked while it still installs is refused (409 installing).
    await expect
      .poll(() => {
        const row = panel().serverByExternalId(`falkenhost-server-${server.user_package_id}`);
        return row !== undefined && isInstalled(row);
      })
      .toBe(true);
    panel().failNext('websocket', {
      status: 409,
      code: 'ServerStateConflictException',
      detail: 'This server has not yet completed its installation process, please try again later.',
    });
    expect(
      await session.get(`/api/private/servers/websocket-token?id=${server.user_package_id}`),
    ).toMatchObject({ status: 409, body: { reason: 'installing' } });

    // Gauges: once installed, the relay's socket authenticates and streams stats.
    const fresh = (await session.get(`/api/private/servers/websocket-token?id=${server.user_package_id}`))
      .body;
    const stats = await new Promise<Record<string, number>[]>((resolve, reject) => {
      // Our relay's socket: the browser's origin and session cookie, and our own credential.
      expect(fresh.socket).toBe(
        `${product.url.replace(/^http/, 'ws')}/api/private/servers/socket?id=${server.user_package_id}`,
      );
      const ws = new WebSocket(fresh.socket, {
        origin: product.url,
        headers: { cookie: session.cookieHeader() },
      });
      const seen: Record<string, number>[] = [];
      const timer = setTimeout(() => reject(new Error(`only ${seen.length} stats`)), 5_000);
      ws.on('open', () => ws.send(JSON.stringify({ event: 'auth', args: [fresh.token] })));
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data));
        if (frame.event === 'stats') seen.push(JSON.parse(frame.args[0]));
        if (seen.length === 3) {
          clearTimeout(timer);
          ws.close();
          resolve(seen);
        }
      });
    });
    for (const s of stats) {
      expect(s.memory_limit_bytes).toBeGreaterThan(0);
      expect(s.cpu_absolute).toBeGreaterThanOrEqual(0);
      expect(s.disk_bytes).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(stats.map((s) => s.memory_bytes)).size).toBeGreaterThan(1);
  });

  it('gives exactly one server to 20 concurrent orders with a balance for one', async () => {
    const { session, username } = await registerVerified(product);
    // Minecraft Extreme: 750 / 730 = 1.0274 credits an hour; 2 credits pay one hour, not two.
    await grantCredits(product, username, 2);
    const { pkg, location, egg } = await minecraftOffer(session, 'Minecraft Extreme');
    const before = await panelServers();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        session.post('/api/private/store/package-by-credits', {
          serverName: `race ${i}`,
          packageId: pkg.id,
          eggId: egg,
          locationId: location.id,
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.reason === 'credits')).toBe(true);
    expect(await balance(session)).toBeCloseTo(2 - 1.0274, 4);
    expect(await panelServers()).toBe(before + 1);
    expect((await session.get('/api/private/servers/owned-servers')).body).toHaveLength(1);
    const negative = await product.server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('credits', '<', 0)
      .execute();
    expect(negative).toHaveLength(0);
  });

  it('refunds and leaves no server when the panel fails after the charge', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 10);
    const { pkg, location, egg } = await minecraftOffer(session);
    const before = await panelServers();
    // Each of the client's three attempts (it retries a create safely) fails.
    for (let i = 0; i < 3; i++) panel().failNext('createServer');
    const res = await session.post('/api/private/store/package-by-credits', {
      serverName: 'doomed',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
    });
    // The panel's own words stay in our log.
    expect(res).toMatchObject({ status: 502, body: { reason: 'panel' } });
    expect(res.body).toEqual({ reason: 'panel' });
    expect(await balance(session)).toBe(10);
    expect(await panelServers()).toBe(before);
    expect((await session.get('/api/private/servers/owned-servers')).body).toEqual([]);
    const ledger = await product.server.ctx.db
      .selectFrom('credit_ledger')
      .innerJoin('users', 'users.id', 'credit_ledger.user_id')
      .select(['credit_ledger.kind', 'credit_ledger.amount'])
      .where('users.username', '=', username)
      .orderBy('credit_ledger.id')
      .execute();
    expect(ledger.map((l) => l.kind)).toEqual(['admin', 'server-order', 'refund']);
    expect(ledger[1]!.amount + ledger[2]!.amount).toBe(0);
  });

  it('answers reason resources and charges nothing when no node has room', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 50);
    const { pkg, location, egg } = await minecraftOffer(session);
    const { db } = product.server.ctx;
    // A package bigger than any node of the location.
    const huge = await db
      .insertInto('packages')
      .values({
        ...(await db.selectFrom('packages').selectAll().where('id', '=', pkg.id).executeTakeFirstOrThrow()),
        id: undefined,
        name: `Huge ${username}`,
        ram_size: 4_000_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('package_nodes')
      .columns(['package_id', 'node_id'])
      .expression(
        db
          .selectFrom('package_nodes')
          .select([(eb) => eb.val(huge.id).as('package_id'), 'node_id'])
          .where('package_id', '=', pkg.id),
      )
      .execute();
    await db
      .insertInto('package_eggs')
      .columns(['package_id', 'nest_id', 'egg_id'])
      .expression(
        db
          .selectFrom('package_eggs')
          .select([(eb) => eb.val(huge.id).as('package_id'), 'nest_id', 'egg_id'])
          .where('package_id', '=', pkg.id),
      )
      .execute();
    const before = await panelServers();
    const res = await session.post('/api/private/store/package-by-credits', {
      serverName: 'too big',
      packageId: huge.id,
      eggId: egg,
      locationId: location.id,
    });
    expect(res).toMatchObject({ status: 400, body: { reason: 'resources' } });
    expect(await balance(session)).toBe(50);
    expect(await panelServers()).toBe(before);
    const rows = await db
      .selectFrom('user_packages')
      .select('id')
      .where('package_id', '=', huge.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("refuses bad orders with the spec's reasons and changes nothing", async () => {
    const { session, username } = await registerVerified(product);
    const { pkg, location, egg } = await minecraftOffer(session);
    const order = (over: Record<string, unknown>) =>
      session.post('/api/private/store/package-by-credits', {
        serverName: 'ok name',
        packageId: pkg.id,
        eggId: egg,
        locationId: location.id,
        ...over,
      });
    expect(await order({})).toMatchObject({ status: 400, body: { reason: 'credits' } });
    await grantCredits(product, username, 5);
    const missing = await order({ serverName: '' });
    expect(missing.body.errors[0].msg).toBe('server-name-missing');
    const bad = await order({ serverName: 'bad/name<script>' });
    expect(bad.body.errors[0].msg).toBe('server-name');
    expect(await order({ eggId: 999_999 })).toMatchObject({ status: 400, body: { reason: 'unknown' } });
    expect(await order({ locationId: 999_999 })).toMatchObject({ status: 400, body: { reason: 'unknown' } });
    expect(await order({ packageId: 999_999 })).toMatchObject({ status: 400, body: { reason: 'unknown' } });
    expect(await order({ addonIds: '[999999]' })).toMatchObject({ status: 400, body: { reason: 'unknown' } });
    expect((await order({ addonIds: 'not json' })).status).toBe(400);
    expect(await balance(session)).toBe(5);
    expect((await session.get('/api/private/servers/owned-servers')).body).toEqual([]);
  });
});
