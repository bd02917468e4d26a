/**
 * Issue 7 defects: concurrent orders on one node get distinct allocations while capacity lasts, and an
 * order a crash interrupted between the charge and the panel is finished (adopted from the panel by
 * `external_id`) or refunded at the next start.
 */
import { hourlyUnits } from '@falkenhost/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLedgerEntry } from '../../src/billing/ledger';
import { runTick } from '../../src/jobs/tick';
import { PROVISIONING_STALE_MS, recoverProvisioning } from '../../src/orders/checkout/package-by-credits';
import { createPanelServer } from '../../src/panel/panel-servers';
import { ensurePanelUser } from '../../src/panel/panel-users';
import { forgetPanelReading } from '../../src/panel/placement';
import { serverBuild } from '../../src/panel/server-build';
import { HOUR_MS, hourStart } from '../../src/platform/clock';
import { newUserPackage } from '../../src/platform/db/rows';
import { grantCredits, minecraftOffer, type Product, registerVerified, startProduct } from '../harness';
import { PANEL_CASES, productPanel } from '../panels';

describe.each(PANEL_CASES)(
  'provisioning under concurrency and crashes on $db, $panel',
  ({ db: kind, panel: panelKind }) => {
    let product: Product;
    beforeAll(async () => {
      product = await startProduct(kind, { panel: panelKind });
    });
    afterAll(async () => product?.close());

    const ctx = () => product.server.ctx;
    const panel = () => productPanel(product);

    async function funded(credits: number) {
      const account = await registerVerified(product);
      await grantCredits(product, account.username, credits);
      const user = await ctx()
        .db.selectFrom('users')
        .selectAll()
        .where('username', '=', account.username)
        .executeTakeFirstOrThrow();
      return { ...account, user };
    }

    it('gives twelve concurrent funded orders on one node twelve servers, then stops at its capacity', async () => {
      const customers = await Promise.all(Array.from({ length: 12 }, () => funded(10)));
      const { pkg, location, egg } = await minecraftOffer(customers[0]!.session);
      // The package on one node only.
      const node = panel().db.nodes[0]!;
      await ctx()
        .db.deleteFrom('package_nodes')
        .where('package_id', '=', pkg.id)
        .where('node_id', '!=', node.id)
        .execute();
      const orderAll = (list: typeof customers) =>
        Promise.all(
          list.map((c, i) =>
            c.session.post('/api/private/store/package-by-credits', {
              serverName: `rush ${i}`,
              packageId: pkg.id,
              eggId: egg,
              locationId: location.id,
            }),
          ),
        );
      const before = panel().servers().length;
      const answers = await orderAll(customers);
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      const created = panel().servers().slice(before);
      expect(created).toHaveLength(12);
      expect(new Set(created.map((s) => s.allocation_id)).size).toBe(12);
      expect(created.every((s) => s.node_id === node.id)).toBe(true);
      // Every claim is done; each counts until the panel's figures include its server.
      const claims = await ctx().db.selectFrom('allocation_claims').select('done_at').execute();
      expect(claims.every((c) => c.done_at !== null)).toBe(true);

      // Room for three more Starter servers (2 048 MB each) on the node: six at once get three.
      const used = panel()
        .servers()
        .filter((s) => s.node_id === node.id)
        .reduce((sum, s) => sum + s.limits.memory, 0);
      const memory = node.memory;
      node.memory = used + 3 * 2048;
      // The product reads the smaller node at once, not when its reading ages out (decisions/407).
      forgetPanelReading(ctx());
      const more = await Promise.all(Array.from({ length: 6 }, () => funded(10)));
      const late = await orderAll(more);
      node.memory = memory;
      expect(late.filter((a) => a.status === 200)).toHaveLength(3);
      expect(late.filter((a) => a.status === 400 && a.body.reason === 'resources')).toHaveLength(3);
      for (const [i, answer] of late.entries()) {
        if (answer.status !== 400) continue;
        // Nothing charged for a refused order.
        const credits = (await more[i]!.session.get('/api/private/credits')).body.credits;
        expect(credits).toBe(10);
      }
    });

    /** The state an order leaves when the process dies right after the charge, before the panel answered. */
    async function interruptedOrder(user: Awaited<ReturnType<typeof funded>>['user']) {
      const t = ctx().now();
      const pkg = await ctx()
        .db.selectFrom('packages')
        .selectAll()
        .where('name', '=', 'Minecraft Starter')
        .executeTakeFirstOrThrow();
      const egg = await ctx()
        .db.selectFrom('package_eggs')
        .selectAll()
        .where('package_id', '=', pkg.id)
        .executeTakeFirstOrThrow();
      return ctx()
        .db.transaction()
        .execute(async (trx) => {
          const row = await trx
            .insertInto('user_packages')
            .values(
              newUserPackage({
                user_id: user.id,
                package_id: pkg.id,
                name: 'interrupted',
                billing_type: 'hourly',
                status: 'provisioning',
                egg_id: egg.egg_id,
                nest_id: egg.nest_id,
                location_id: 1,
                node_id: 1,
                credits_monthly: pkg.credits_monthly,
                billed_until: hourStart(t) + HOUR_MS,
                created_at: t,
              }),
            )
            .returning('id')
            .executeTakeFirstOrThrow();
          await applyLedgerEntry(trx, {
            userId: user.id,
            amount: -hourlyUnits(pkg.credits_monthly),
            kind: 'server-order',
            reference: `server-order:${row.id}`,
            now: t,
          });
          return { id: row.id, pkg, egg };
        });
    }

    it('refunds an order interrupted before the panel made its server, once, after five minutes', async () => {
      const { session, user } = await funded(10);
      const { id } = await interruptedOrder(user);
      expect((await session.get('/api/private/credits')).body.credits).toBeCloseTo(10 - 0.137, 4);
      // Still in flight for all we know: left alone.
      expect(await recoverProvisioning(ctx())).toEqual({ adopted: 0, refunded: 0 });
      product.advance(PROVISIONING_STALE_MS + 1_000);
      await session.post('/api/auth/refresh-token');
      const first = await runTick(ctx());
      expect(first.recovered.refunded).toBeGreaterThanOrEqual(1);
      expect((await session.get('/api/private/credits')).body.credits).toBe(10);
      const row = await ctx()
        .db.selectFrom('user_packages')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(await recoverProvisioning(ctx())).toEqual({ adopted: 0, refunded: 0 });
      expect((await session.get('/api/private/credits')).body.credits).toBe(10);
    });

    it('adopts the server of an order interrupted after the panel made it', async () => {
      const { session, user } = await funded(10);
      const { id, pkg, egg } = await interruptedOrder(user);
      const panelUser = await ensurePanelUser(ctx(), user);
      const allocation = panel().db.allocations.find((a) => a.server_id === null)!;
      const created = await createPanelServer(ctx(), {
        name: 'interrupted',
        panelUserId: panelUser,
        eggId: egg.egg_id,
        gameId: pkg.game_id,
        variables: {},
        externalId: `falkenhost-server-${id}`,
        build: serverBuild(pkg, []),
        allocationId: allocation.id,
      });
      product.advance(PROVISIONING_STALE_MS + 1_000);
      await session.post('/api/auth/refresh-token');
      expect((await recoverProvisioning(ctx())).adopted).toBe(1);
      const servers = (await session.get('/api/private/servers/owned-servers')).body;
      expect(servers).toEqual([
        expect.objectContaining({ user_package_id: id, status: 'paid', ptero_server_id: created.id }),
      ]);
      // Charged once for the first hour, not refunded.
      expect((await session.get('/api/private/credits')).body.credits).toBeCloseTo(10 - 0.137, 4);
      const orders = await ctx()
        .db.selectFrom('orders')
        .select('status')
        .where('user_package_id', '=', id)
        .execute();
      expect(orders).toEqual([{ status: 'completed' }]);
    });
  },
);
