/**
 * Issue 42 (docs/decisions/407-fewer-panel-calls-per-order.md): an order by credits costs the panel at most
 * two requests, counted by the panel emulator: the panel user's create on a customer's first order, then
 * the server's create. Placement and the egg come from readings kept for minutes, and a reading the panel
 * refuses still ends in a refund and a clear answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grantCredits,
  minecraftOffer,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../harness';
import { PANEL_CASES, productPanel } from '../panels';

describe.each(PANEL_CASES)('panel requests of an order on $db, $panel', ({ db: kind, panel: panelKind }) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { panel: panelKind });
  });
  afterAll(async () => product?.close());

  const panel = () => productPanel(product);
  /** Application API requests the emulated panel received (its own count, 429s included). */
  const received = () => panel().stats().requests.application;

  async function customer(): Promise<{ session: Session; username: string }> {
    const account = await registerVerified(product);
    await grantCredits(product, account.username, 100);
    return account;
  }

  async function order(session: Session, name: string) {
    const offer = await minecraftOffer(session);
    const before = received();
    const res = await session.post('/api/private/store/package-by-credits', {
      serverName: name,
      packageId: offer.pkg.id,
      eggId: offer.egg,
      locationId: offer.location.id,
    });
    return { res, requests: received() - before };
  }

  function userRow(username: string) {
    return product.server.ctx.db
      .selectFrom('users')
      .select(['id', 'ptero_user_id'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  }

  it('makes the panel user once, then only the server: at most 2 requests per order', async () => {
    // A first order anywhere reads the nodes, their allocations and the eggs; later ones use the readings.
    const warm = await customer();
    expect((await order(warm.session, 'warm-up')).res.status).toBe(200);

    const buyers = [await customer(), await customer(), await customer()];
    let total = 0;
    for (const [i, buyer] of buyers.entries()) {
      const users = panel().db.users.length;
      const first = await order(buyer.session, `first ${i}`);
      expect(first.res.status).toBe(200);
      // The user's create and the server's create, no look-up before them.
      expect(first.requests).toBe(2);
      expect(panel().db.users.length).toBe(users + 1);
      const { id, ptero_user_id } = await userRow(buyer.username);
      expect(panel().db.users.find((u) => u.id === ptero_user_id)?.external_id).toBe(`falkenhost-user-${id}`);
      total += first.requests;

      const second = await order(buyer.session, `second ${i}`);
      expect(second.res.status).toBe(200);
      // The panel user id is ours now: the server's create only.
      expect(second.requests).toBe(1);
      expect(panel().db.users.length).toBe(users + 1);
      total += second.requests;
    }
    expect(total / (buyers.length * 2)).toBeLessThanOrEqual(2);
    expect(panel().stats().throttled).toBe(0);
  });

  it('finds the panel user by its external id when we lost its id after the create (a crash)', async () => {
    const buyer = await customer();
    expect((await order(buyer.session, 'before the crash')).res.status).toBe(200);
    const { id, ptero_user_id: made } = await userRow(buyer.username);
    // The crash: the panel made the user, our write of its id never happened.
    await product.server.ctx.db
      .updateTable('users')
      .set({ ptero_user_id: null })
      .where('id', '=', id)
      .execute();
    const users = panel().db.users.length;

    const after = await order(buyer.session, 'after the crash');
    expect(after.res.status).toBe(200);
    // The create refused (external id taken), the look-up by it, the server's create.
    expect(after.requests).toBe(3);
    expect(panel().db.users.length).toBe(users);
    expect((await userRow(buyer.username)).ptero_user_id).toBe(made);
    const servers = panel()
      .servers()
      .filter((s) => s.user_id === made);
    expect(servers).toHaveLength(2);
  });

  it('refunds an order whose cached placement the panel refuses, and reads the panel again', async () => {
    const buyer = await customer();
    expect((await order(buyer.session, 'reading kept')).res.status).toBe(200);
    const credits = async () => (await buyer.session.get('/api/private/credits')).body.credits;
    const balance = await credits();
    // Staff take every free allocation by hand in the panel: the kept reading still shows them free.
    const taken = panel().db.allocations.filter((a) => a.server_id === null);
    const owner = panel().servers()[0]!.id;
    for (const a of taken) a.server_id = owner;
    try {
      const servers = panel().servers().length;
      const refused = await order(buyer.session, 'stale reading');
      // No reading of the nodes first: the kept reading's allocation, which the panel refuses.
      expect(refused.res.status).toBe(502);
      expect(refused.res.body).toMatchObject({ reason: 'panel' });
      // The refused create and the clean-up's look-up of a server by its external id.
      expect(refused.requests).toBe(2);
      expect(panel().servers()).toHaveLength(servers);
      expect(await credits()).toBe(balance);
      const row = await product.server.ctx.db
        .selectFrom('user_packages')
        .select('status')
        .where('name', '=', 'stale reading')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      const refunds = await product.server.ctx.db
        .selectFrom('credit_ledger')
        .select('reference')
        .where('reference', 'like', 'refund:server-order:%')
        .execute();
      expect(refunds.length).toBeGreaterThanOrEqual(1);

      // The refusal dropped the reading: the next order reads the panel, finds no room, charges nothing.
      const full = await order(buyer.session, 'no room');
      expect(full.res.status).toBe(400);
      expect(full.res.body).toEqual({ reason: 'resources' });
      expect(full.requests).toBeGreaterThan(0);
      expect(await credits()).toBe(balance);
    } finally {
      for (const a of taken) a.server_id = null;
    }
    // The panel's room back: the fresh reading of "no room" is read again before answering resources.
    expect((await order(buyer.session, 'room again')).res.status).toBe(200);
  });
});
