/**
 * Existing panel accounts (issue 28 point 5; docs/decisions/151-existing-panel-accounts.md): a customer
 * whose verified e-mail already has a panel account gets their servers under it, a panel administrator's
 * account is never adopted, and a username taken in the panel gets a free variant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grantCredits,
  orderByCredits,
  type Product,
  registerVerified,
  startProduct,
  uniqueName,
} from '../harness';
import { PANEL_CASES, productPanel } from '../panels';

describe.each(PANEL_CASES)('existing panel accounts on $db, $panel', ({ db: kind, panel: panelKind }) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { panel: panelKind });
  });
  afterAll(async () => product?.close());

  const panel = () => productPanel(product);
  const client = () => product.server.ctx.panel;

  async function customerRow(username: string) {
    return product.server.ctx.db
      .selectFrom('users')
      .select(['id', 'ptero_user_id'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  }

  function panelServerOf(userPackageId: number) {
    return panel()
      .servers()
      .find((s) => s.external_id === `falkenhost-server-${userPackageId}`);
  }

  it('puts the servers of a customer whose e-mail has a panel account under that account, unchanged', async () => {
    const name = uniqueName('mover');
    // The host's customer came from another storefront: the panel knows them, in other letter case.
    const existing = await client().createUser({
      email: `${name.toUpperCase()}@EXAMPLE.com`,
      username: `old_${name.toLowerCase()}`,
      first_name: 'Old',
      last_name: 'Storefront',
      external_id: 'whmcs-client-77',
    });
    const { session, username } = await registerVerified(product, name);
    await grantCredits(product, username, 100);
    const id = await orderByCredits(session, 'moved in');

    expect((await customerRow(username)).ptero_user_id).toBe(existing.id);
    expect(panelServerOf(id)?.user_id).toBe(existing.id);
    const after = await client().getUser(existing.id);
    expect(after).toMatchObject({ external_id: 'whmcs-client-77', username: existing.username });
    // No second account was made for that address.
    expect(await client().listUsersByEmail(`${name}@example.com`)).toHaveLength(1);
  });

  it('never adopts a panel administrator: the customer gets an account of their own on a sub-address', async () => {
    const name = uniqueName('staff');
    const admin = await client().createUser({
      email: `${name.toLowerCase()}@example.com`,
      username: `admin_${name.toLowerCase()}`,
      first_name: 'Staff',
      last_name: 'Player',
    });
    // Made an administrator in the panel's own UI (Pelican: the Root Admin role; its API cannot set it).
    const adminRow = panel().db.users.find((u) => u.id === admin.id)!;
    adminRow.root_admin = true;
    expect((await client().getUser(admin.id)).root_admin).toBe(true);
    const { session, username } = await registerVerified(product, name);
    await grantCredits(product, username, 100);
    const id = await orderByCredits(session, 'staff plays');

    const row = await customerRow(username);
    expect(row.ptero_user_id).not.toBe(admin.id);
    const own = await client().getUser(row.ptero_user_id!);
    expect(own).toMatchObject({
      root_admin: false,
      email: `${name.toLowerCase()}+falkenhost-${row.id}@example.com`,
      external_id: `falkenhost-user-${row.id}`,
    });
    expect(panelServerOf(id)?.user_id).toBe(own.id);
  });

  it('gives a customer whose panel username is taken a free variant of it', async () => {
    const { session, username } = await registerVerified(product);
    const row = await customerRow(username);
    const wanted = `fh_${username.toLowerCase()}_${row.id}`;
    await client().createUser({
      email: `someone-else-${row.id}@example.org`,
      username: wanted,
      first_name: 'Someone',
      last_name: 'Else',
    });
    await grantCredits(product, username, 100);
    const id = await orderByCredits(session, 'renamed');

    const own = await client().getUser((await customerRow(username)).ptero_user_id!);
    expect(own.username).toBe(`${wanted}_2`);
    expect(panelServerOf(id)?.user_id).toBe(own.id);
  });
});
