/**
 * Issue 28 point 4: an order's panel calls do not grow with the nodes' free allocations (the placement is
 * read from a cached reading of the panel, read again only when it shows no room), and a reading that
 * shows no room is read again before the order is refused.
 */
import { PANEL_BUDGET_SHARE } from '@falkenhost/pterodactyl/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueuePanelTask, enqueuePanelTasks } from '../../src/panel/panel-queue';
import { newUserPackage } from '../../src/platform/db/rows';
import { runPanelQueue } from '../../src/servers/panel-task-results';
import {
  grantCredits,
  minecraftOffer,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../harness';
import { PANELS, productPanel } from '../panels';

describe.each(PANELS)('panel calls of an order on %s', (panelKind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct('sqlite', { panel: panelKind });
  });
  afterAll(async () => product?.close());

  const ctx = () => product.server.ctx;
  const panel = () => productPanel(product);
  const calls = () => ctx().panel.stats().requests.application;

  /** Gives every node `count` more free allocations (a host with many ports). */
  function addAllocations(count: number) {
    const { db } = panel();
    for (const node of db.nodes) {
      const last = Math.max(...db.allocations.filter((a) => a.node_id === node.id).map((a) => a.port));
      for (let i = 1; i <= count; i++)
        db.allocations.push({
          id: db.allocations.length + 1,
          node_id: node.id,
          ip: db.allocations.find((a) => a.node_id === node.id)?.ip ?? '10.0.0.1',
          alias: null,
          port: last + i,
          notes: null,
          server_id: null,
        });
    }
  }

  async function order(session: Session, offer: Awaited<ReturnType<typeof minecraftOffer>>, name: string) {
    const before = calls();
    const res = await session.post('/api/private/store/package-by-credits', {
      serverName: name,
      packageId: offer.pkg.id,
      eggId: offer.egg,
      locationId: offer.location.id,
    });
    expect(res.status).toBe(200);
    return calls() - before;
  }

  it('makes a few calls per order however many allocations are free', async () => {
    addAllocations(1_000);
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 100);
    const offer = await minecraftOffer(session);
    const nodes = panel().db.nodes.length;
    // The first order may read the nodes' first free allocations (one page per node): not all 1 000+,
    // and the eggs with their variables, read once a minute for every order (the nests, then each nest).
    const first = await order(session, offer, 'first');
    // The eggs: Pterodactyl lists the nests, then each nest's eggs; Pelican lists every egg at once.
    const { db } = panel();
    const eggReads = 'nests' in db ? 1 + db.nests.length : 1;
    expect(first).toBeLessThanOrEqual(6 + nodes + eggReads);
    // Later orders: the create (the panel user exists now), placement and the egg from the readings.
    const later = [await order(session, offer, 'second'), await order(session, offer, 'third')];
    for (const n of later) expect(n).toBeLessThanOrEqual(3);
    expect(ctx().panel.stats().rateLimited).toBe(0);
  });

  it('reads the panel again before answering resources from a reading that shows no room', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 100);
    const offer = await minecraftOffer(session);
    const nodes = panel().db.nodes;
    const saved = nodes.map((n) => n.memory);
    const tryOrder = () =>
      session.post('/api/private/store/package-by-credits', {
        serverName: 'no room',
        packageId: offer.pkg.id,
        eggId: offer.egg,
        locationId: offer.location.id,
      });
    for (const n of nodes) n.memory = 1;
    // The first refusal is the panel's (the reading was of roomy nodes; the refused create drops it), the
    // second comes from a new reading: full nodes, now cached.
    expect((await tryOrder()).body).toEqual({ reason: 'resources' });
    expect((await tryOrder()).body).toEqual({ reason: 'resources' });
    nodes.forEach((n, i) => {
      n.memory = saved[i]!;
    });
    // The cached reading still shows full nodes: the order reads the panel again and gets its server.
    expect(await order(session, offer, 'room again')).toBeGreaterThan(0);
  });

  it("runs a customer's unsuspend before a billing tick's suspensions when the budget is short", async () => {
    const { db, now } = ctx();
    const template = await db.selectFrom('user_packages').selectAll().executeTakeFirstOrThrow();
    // Rows without a panel server: the queue confirms their tasks without calling the panel.
    const rows = await db
      .insertInto('user_packages')
      .values(
        Array.from({ length: 31 }, (_, i) =>
          newUserPackage({
            user_id: template.user_id,
            package_id: template.package_id,
            name: `queued ${i}`,
            billing_type: 'hourly',
            status: 'suspended',
            egg_id: template.egg_id,
            nest_id: template.nest_id,
            location_id: template.location_id,
            credits_monthly: template.credits_monthly,
            created_at: now(),
          }),
        ),
      )
      .returning('id')
      .execute();
    const bulk = rows.slice(0, 30).map((r) => r.id);
    const customer = rows[30]!.id;
    await db.transaction().execute((trx) => enqueuePanelTasks(trx, bulk, 'suspend', now()));
    await enqueuePanelTask(db, { userPackageId: customer, kind: 'unsuspend', now: now() });
    // One call left in this minute's budget.
    const max = Math.floor(ctx().config.panelRateLimitPerMinute * PANEL_BUDGET_SHARE);
    await db
      .insertInto('rate_limits')
      .values({ key: 'panel-queue', count: max - 1, reset_at: now() + 60_000 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ count: max - 1, reset_at: now() + 60_000 }))
      .execute();
    expect(await runPanelQueue(ctx())).toEqual({ done: 1, failed: 0 });
    const done = await db
      .selectFrom('panel_tasks')
      .select(['user_package_id', 'kind'])
      .where('status', '=', 'done')
      .where('user_package_id', 'in', [...bulk, customer])
      .execute();
    expect(done).toEqual([{ user_package_id: customer, kind: 'unsuspend' }]);
  });
});
