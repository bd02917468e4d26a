/**
 * Acting on the right panel server and repairing what drifted (issue 28 point 7): panel actions find the
 * server by our external id and check its uuid, and the reconciler sets the panel back to what customers
 * paid for, through the real client and the panel emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMasterAccount } from '../../src/app/seed/master';
import { PROVISIONING_STALE_MS, recoverProvisioning } from '../../src/orders/checkout/package-by-credits';
import { reconcilePanel } from '../../src/orders/reconciliation/panel-reconciler';
import { enqueuePanelTask } from '../../src/panel/panel-queue';
import { runPanelQueue } from '../../src/servers/panel-task-results';
import {
  billingAddress,
  grantCredits,
  minecraftOffer,
  orderByCredits,
  type Product,
  payAtCheckout,
  registerVerified,
  type Session,
  startProduct,
  waitFor,
} from '../harness';
import { eggStartup, isInstalled, PANEL_CASES, productPanel } from '../panels';

describe.each(PANEL_CASES)('the panel reconciler on $db, $panel', ({ db: kind, panel: panelKind }) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { panel: panelKind });
    // The audit log names a staff member: the product's own entries go under the first master.
    await ensureMasterAccount(product.server.ctx, 'master@example.com');
  });
  afterAll(async () => product?.close());

  const panel = () => productPanel(product);
  const ctx = () => product.server.ctx;
  const panelServerOf = (userPackageId: number) =>
    panel().db.servers.find((s) => s.external_id === `falkenhost-server-${userPackageId}`);

  async function row(userPackageId: number) {
    return ctx()
      .db.selectFrom('user_packages as up')
      .innerJoin('users as u', 'u.id', 'up.user_id')
      .select(['up.status', 'up.ptero_server_id', 'up.ptero_server_uuid', 'u.ptero_user_id', 'u.credits'])
      .where('up.id', '=', userPackageId)
      .executeTakeFirstOrThrow();
  }

  async function auditOf(userPackageId: number) {
    const rows = await ctx()
      .db.selectFrom('audit_log')
      .select(['action', 'entity', 'before', 'after'])
      .where('entity', '=', 'server')
      .where('entity_id', '=', userPackageId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      action: r.action,
      before: JSON.parse(r.before ?? 'null'),
      after: JSON.parse(r.after ?? 'null'),
    }));
  }

  async function customerWithServer(
    name = 'reconciled',
  ): Promise<{ session: Session; id: number; email: string }> {
    const { session, username, email } = await registerVerified(product);
    await grantCredits(product, username, 100);
    return { session, email, id: await orderByCredits(session, name) };
  }

  /** Subjects of the mails queued for `email` (the outbox), oldest first. */
  async function mailed(email: string): Promise<string[]> {
    const rows = await ctx()
      .db.selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', email)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.subject);
  }

  it('sets back a build, a suspension and an owner changed on the panel, and audits each repair', async () => {
    const { id } = await customerWithServer();
    await expect.poll(() => isInstalled(panelServerOf(id)!)).toBe(true);
    const server = panelServerOf(id)!;
    const paidMemory = server.limits.memory;
    const stranger = await ctx().panel.createUser({
      email: `stranger-${id}@example.org`,
      username: `stranger_${id}`,
      first_name: 'A',
      last_name: 'Stranger',
    });
    const owner = server.user_id;
    server.limits.memory = paidMemory * 4;
    server.feature_limits.databases = 9;
    server.status = 'suspended';
    server.user_id = stranger.id;

    const result = await reconcilePanel(ctx());
    expect(result).toMatchObject({ repaired: 1, failed: 0, recreated: 0 });
    const repaired = panelServerOf(id)!;
    expect(repaired.limits.memory).toBe(paidMemory);
    expect(repaired.feature_limits.databases).not.toBe(9);
    expect(repaired.status).toBeNull();
    expect(repaired.user_id).toBe(owner);
    const audit = await auditOf(id);
    expect(audit.map((a) => a.before.what).sort()).toEqual(['build', 'owner', 'suspended']);
    expect(audit.every((a) => a.action === 'repair' && a.after.source === 'panel-reconciler')).toBe(true);
    // Nothing left to repair.
    expect(await reconcilePanel(ctx())).toMatchObject({ repaired: 0, recreated: 0, reported: 0 });
  });

  it('makes a lost paid server again under the same external id and records it', async () => {
    const { id, email } = await customerWithServer('phoenix');
    const lost = panelServerOf(id)!;
    panel().removeServer(lost);

    expect(await reconcilePanel(ctx())).toMatchObject({ recreated: 1, failed: 0 });
    const made = panelServerOf(id)!;
    expect(made.uuid).not.toBe(lost.uuid);
    expect(made.user_id).toBe(lost.user_id);
    expect(made.limits).toEqual(lost.limits);
    expect(await row(id)).toMatchObject({
      status: 'paid',
      ptero_server_id: made.id,
      ptero_server_uuid: made.uuid,
    });
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: 'repair',
      before: { what: 'missing', uuid: lost.uuid },
      after: { uuid: made.uuid },
    });
    expect(await mailed(email)).toContain('Your server phoenix was set up again');
  });

  it('closes a lost hourly server that no node can take again and refunds its prepaid hour', async () => {
    const { id, email } = await customerWithServer('gone');
    const before = await row(id);
    panel().removeServer(panelServerOf(id)!);
    for (const node of panel().db.nodes) node.maintenance_mode = true;
    try {
      expect(await reconcilePanel(ctx())).toMatchObject({ refunded: 1, recreated: 0 });
    } finally {
      for (const node of panel().db.nodes) node.maintenance_mode = false;
    }
    const after = await row(id);
    expect(after.status).toBe('deleted');
    // Minecraft Starter: 100 credits a month, 1 370 units an hour.
    expect(Number(after.credits) - Number(before.credits)).toBe(1_370);
    expect(await mailed(email)).toContain('Your server gone was lost: credits refunded');
    expect(await reconcilePanel(ctx())).toMatchObject({ refunded: 0 });
  });

  it('closes a lost monthly server that no node can take again and refunds the unused month by card', async () => {
    const { session, email } = await registerVerified(product);
    const { pkg, location, egg } = await minecraftOffer(session);
    const ordered = await session.post('/api/private/store/order-package', {
      ...billingAddress,
      referrer: '',
      discountCode: '',
      name: 'monthly lost',
      paymentMethod: 'creditCard',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
      addonIds: '[]',
    });
    expect(ordered.status).toBe(200);
    await payAtCheckout(ordered.body.link);
    const server = await waitFor(
      async () => (await session.get('/api/private/servers/owned-servers')).body[0],
      (s) => s?.status === 'paid',
    );
    expect(server?.status).toBe('paid');
    const id: number = server.user_package_id;
    const order = await ctx()
      .db.selectFrom('orders')
      .select(['amount_cents', 'mollie_payment_id'])
      .where('user_package_id', '=', id)
      .executeTakeFirstOrThrow();
    panel().removeServer(panelServerOf(id)!);
    for (const node of panel().db.nodes) node.maintenance_mode = true;
    try {
      expect(await reconcilePanel(ctx())).toMatchObject({ refunded: 1, recreated: 0 });
    } finally {
      for (const node of panel().db.nodes) node.maintenance_mode = false;
    }
    expect((await row(id)).status).toBe('deleted');
    // Bought a moment ago: the whole month goes back, once.
    const refunds = product.server.emulators!.mollie.refunds(order.mollie_payment_id!);
    expect(refunds.map((r) => r.amount.value)).toEqual([(order.amount_cents / 100).toFixed(2)]);
    expect(await reconcilePanel(ctx())).toMatchObject({ refunded: 0 });
    expect(product.server.emulators!.mollie.refunds(order.mollie_payment_id!)).toHaveLength(1);
    expect(await mailed(email)).toContain('Your server monthly lost was lost: payment refunded');
  });

  it('reports a panel server with our external id and no paid server, once, and never deletes it', async () => {
    const node = panel().db.nodes[0]!;
    const allocation = panel().db.allocations.find((a) => a.node_id === node.id && a.server_id === null)!;
    const egg = panel().db.eggs[0]!;
    const stray = await ctx().panel.createServer({
      name: 'made by hand',
      user: panel().keyOwner().id,
      egg: egg.id,
      docker_image: Object.values(egg.docker_images)[0]!,
      startup: eggStartup(egg),
      environment: Object.fromEntries(egg.variables.map((v) => [v.env_variable, v.default_value || 'x'])),
      limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 100 },
      feature_limits: { databases: 0, backups: 0, allocations: 1 },
      allocation: { default: allocation.id },
      external_id: 'falkenhost-server-987654',
    });
    expect((await reconcilePanel(ctx())).reported).toBe(1);
    expect((await reconcilePanel(ctx())).reported).toBe(0);
    expect(panel().db.servers.some((s) => s.uuid === stray.uuid)).toBe(true);
    expect(await auditOf(987_654)).toEqual([
      expect.objectContaining({ action: 'report', after: expect.objectContaining({ uuid: stray.uuid }) }),
    ]);
  });

  it('refuses to act on a panel server with our external id but not our uuid, and reports it', async () => {
    const { session, id } = await customerWithServer();
    const ours = panelServerOf(id)!;
    // Someone else's server now carries our external id (ours was lost meanwhile).
    const stranger = await ctx().panel.createUser({
      email: `other-${id}@example.org`,
      username: `other_${id}`,
      first_name: 'Other',
      last_name: 'Customer',
    });
    panel().removeServer(ours);
    const allocation = panel().db.allocations.find((a) => a.server_id === null)!;
    const egg = panel().db.eggs.find((e) => e.id === ours.egg_id)!;
    const foreign = await ctx().panel.createServer({
      name: 'not yours',
      user: stranger.id,
      egg: egg.id,
      docker_image: Object.values(egg.docker_images)[0]!,
      startup: eggStartup(egg),
      environment: ours.environment as Record<string, string>,
      limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 100 },
      feature_limits: { databases: 0, backups: 0, allocations: 1 },
      allocation: { default: allocation.id },
      external_id: `falkenhost-server-${id}`,
    });
    // A customer's add-on is refused before anything is charged or changed.
    const available = (await session.get(`/api/private/addons/available-for-change?id=${id}`)).body;
    const storage = available.find((a: { type: string }) => a.type === 'storage');
    const addon = await session.post('/api/private/addons/buy-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    expect(addon.status).toBe(502);
    // The server that is not ours keeps the limits it was made with.
    expect(panelServerOf(id)!.limits).toMatchObject({ memory: 512, disk: 1024 });
    expect((await session.get('/api/private/servers/owned-servers')).body[0].addons).toEqual([]);
    await enqueuePanelTask(ctx().db, { userPackageId: id, kind: 'suspend', now: ctx().now() });
    expect(await runPanelQueue(ctx())).toMatchObject({ done: 1, failed: 0 });
    expect(panelServerOf(id)!.status).not.toBe('suspended');
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: 'refuse',
      after: { uuid: foreign.uuid, panelUserId: stranger.id },
    });
    // The refused task is closed, so the reconciler looks at the server: reported, not adopted.
    expect(await reconcilePanel(ctx())).toMatchObject({ reported: 1, recreated: 0 });
    expect((await row(id)).ptero_server_uuid).toBe(ours.uuid);
    expect(panelServerOf(id)!.user_id).toBe(stranger.id);
  });

  it('removes the server of an order the recovery refunded while the panel was still making it', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 100);
    const hold = panel().holdNext('POST', /\/api\/application\/servers$/);
    const ordering = orderByCredits(session, 'slow panel').catch((error: Error) => error);
    await hold.reached;
    // The order looks interrupted: the recovery refunds it, then the panel answers.
    product.advance(PROVISIONING_STALE_MS + 60_000);
    expect(await recoverProvisioning(ctx())).toMatchObject({ refunded: 1 });
    hold.release();
    expect(await ordering).toBeInstanceOf(Error);
    const rows = await ctx()
      .db.selectFrom('user_packages as up')
      .innerJoin('users as u', 'u.id', 'up.user_id')
      .select(['up.id', 'up.status', 'u.credits'])
      .where('u.username', '=', username)
      .execute();
    expect(rows.map((r) => [r.status, Number(r.credits)])).toEqual([['failed', 1_000_000]]);
    expect(panelServerOf(rows[0]!.id)).toBeUndefined();
  });

  it("never deletes another customer's server that took a forgotten server's id", async () => {
    const first = await customerWithServer('forgotten');
    const forgottenId = panelServerOf(first.id)!.id;
    // The panel forgets the first server (a restore from an older backup, a crash before its save) ...
    panel().removeServer(panelServerOf(first.id)!);
    // ... and may give its numeric id to the next customer's server.
    const second = await customerWithServer('newcomer');
    const theirs = panelServerOf(second.id)!;
    expect((await row(first.id)).ptero_server_id).toBe(forgottenId);

    const cancel = await first.session.post('/api/private/servers/cancel-server', { id: first.id });
    expect(cancel.status).toBe(200);
    await expect.poll(async () => (await row(first.id)).status).toBe('deleted');
    expect(panel().db.servers.find((s) => s.uuid === theirs.uuid)).toBeDefined();
    expect(panelServerOf(second.id)!.user_id).toBe((await row(second.id)).ptero_user_id);
  });
});
