/**
 * Staff edits of the catalogue reaching existing servers (issue 10; product.md "Error catalogue"
 * ("Admin add-ons")): an add-on's new price reaches the servers that have it (their monthly price and their
 * add-on row) and its new quantity is queued for the panel, in the edit's transaction
 * (staff/catalog-edits.ts, servers/changes/package-repricing.ts). Real database, real HTTP, the panel
 * emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  grantCredits,
  orderByCredits,
  type Product,
  registerStaff,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
} from '../harness';

describe.each(DATABASES)('catalogue edits reaching servers on %s', (kind) => {
  let product: Product;
  let master: Session;
  let customer: { session: Session; username: string };

  beforeAll(async () => {
    product = await startProduct(kind);
    const m = await registerStaff(product, 'master');
    master = m.session;
    customer = await registerVerified(product);
    await grantCredits(product, customer.username, 2_000);
  });
  afterAll(async () => product?.close());

  it("carries an add-on's new price to its servers and its new quantity to the panel", async () => {
    const { db } = product.server.ctx;
    const serverId = await orderByCredits(customer.session, `Grows ${uniqueName('s')}`);
    const available = (await customer.session.get(`/api/private/addons/available-for-change?id=${serverId}`))
      .body;
    const storage = available.find((a: { type: string }) => a.type === 'storage');
    const bought = await customer.session.post('/api/private/addons/buy-addon', {
      addonId: storage.id,
      userPackageId: serverId,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const server = () =>
      db
        .selectFrom('user_packages')
        .select(['credits_monthly'])
        .where('id', '=', serverId)
        .executeTakeFirstOrThrow();
    const before = await server();
    const tasksBefore = await db
      .selectFrom('panel_tasks')
      .select('id')
      .where('user_package_id', '=', serverId)
      .where('kind', '=', 'build')
      .execute();

    const addon = (await master.get('/api/private/store/addons')).body.find(
      (a: { id: number }) => a.id === storage.id,
    );
    const edit = await master.request('PUT', '/api/private/store/addons', {
      id: addon.id,
      name: addon.name,
      creditsMonthly: addon.credits_monthly + 10,
      type: addon.type,
      quantity: addon.quantity + 5,
      packages: addon.user_packages_id,
      active: addon.active,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    expect((await server()).credits_monthly).toBe(before.credits_monthly + 10 * 10_000);
    const line = await db
      .selectFrom('user_package_addons')
      .select('credits_monthly')
      .where('user_package_id', '=', serverId)
      .where('addon_id', '=', addon.id)
      .executeTakeFirstOrThrow();
    expect(line.credits_monthly).toBe((addon.credits_monthly + 10) * 10_000);
    const tasksAfter = await db
      .selectFrom('panel_tasks')
      .select('id')
      .where('user_package_id', '=', serverId)
      .where('kind', '=', 'build')
      .execute();
    expect(tasksAfter.length).toBe(tasksBefore.length + 1);
  });
});
