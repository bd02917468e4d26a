import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeServerHour } from '../../src/billing/hour-charges';
import { runTick } from '../../src/jobs/tick';
import { HOUR_MS, hourStart } from '../../src/platform/clock';
import { billHourlyServers } from '../../src/servers/hourly-billing';
import {
  DATABASES,
  grantCredits,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../harness';

describe.each(DATABASES)('hourly billing on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => product?.close());

  async function orderStarter(session: Session): Promise<number> {
    const games = (await session.get('/api/public/store/games')).body;
    const packages = (await session.get(`/api/private/store/available-users-packages?gameId=${games[0].id}`))
      .body;
    const pkg = packages.find((p: { name: string }) => p.name === 'Minecraft Starter');
    const locations = (await session.get(`/api/private/store/package-locations?packageId=${pkg.id}`)).body;
    const res = await session.post('/api/private/store/package-by-credits', {
      serverName: 'billed',
      packageId: pkg.id,
      eggId: pkg.eggs[0],
      locationId: locations[0].id,
    });
    expect(res.status).toBe(200);
    return (await session.get('/api/private/servers/owned-servers')).body[0].user_package_id;
  }

  // The clock jumps hours ahead, past the 15-minute access token: refresh first, as the web client does.
  const credits = async (session: Session) => {
    await session.post('/api/auth/refresh-token');
    return (await session.get('/api/private/credits')).body.credits;
  };

  it('charges each further hour once, even when several runs go at once', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 10);
    await orderStarter(session);
    // 100 credits a month: 0.137 credits an hour
    expect(await credits(session)).toBeCloseTo(10 - 0.137, 4);
    expect((await billHourlyServers(product.server.ctx)).charged).toBe(0);

    // The order paid the clock hour it was placed in; the next one is charged when it starts.
    const now = product.server.ctx.now();
    product.advance(hourStart(now) + HOUR_MS - now + 1_000);
    const runs = await Promise.all(Array.from({ length: 5 }, () => billHourlyServers(product.server.ctx)));
    expect(runs.reduce((sum, r) => sum + r.charged, 0)).toBeGreaterThanOrEqual(1);
    expect(await credits(session)).toBeCloseTo(10 - 2 * 0.137, 4);
    expect((await billHourlyServers(product.server.ctx)).charged).toBe(0);
    expect(await credits(session)).toBeCloseTo(10 - 2 * 0.137, 4);
  });

  it('charges an hour paid on unsuspend once, when that hour was already paid', async () => {
    const { username } = await registerVerified(product);
    await grantCredits(product, username, 10);
    const { db } = product.server.ctx;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const hour = hourStart(product.server.ctx.now());
    const charge = { userId: user.id, userPackageId: 987_654, units: 1_370, hour, now: hour };
    await db.transaction().execute((trx) => chargeServerHour(trx, charge));
    await db.transaction().execute((trx) => chargeServerHour(trx, charge));
    const rows = await db
      .selectFrom('credit_ledger')
      .select(['amount', 'balance_after'])
      .where('reference', '=', `server-hour:987654:${hour}`)
      .execute();
    expect(rows).toEqual([{ amount: -1_370, balance_after: 100_000 - 1_370 }]);
    const balance = await db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(balance.credits)).toBe(100_000 - 1_370);
  });

  it('suspends the server on the panel and mails the customer when the balance cannot pay an hour', async () => {
    const { session, username, email } = await registerVerified(product);
    await grantCredits(product, username, 1);
    const id = await orderStarter(session);
    // 1 credit pays 7 hours at 0.137; the 8th is refused.
    product.advance(8 * HOUR_MS);
    await runTick(product.server.ctx);
    const balance = await credits(session);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBeLessThan(0.137);
    await session.post('/api/auth/refresh-token');
    const server = (await session.get('/api/private/servers/owned-servers')).body.find(
      (s: { user_package_id: number }) => s.user_package_id === id,
    );
    expect(server.status).toBe('suspended');
    const panel = product.server
      .emulators!.pterodactyl.servers()
      .find((s) => s.uuid === server.ptero_server_uuid);
    expect(panel?.status).toBe('suspended');
    const mail = (await session.get('/api/dev/mail')).body.find((m: { to: string }) => m.to === email);
    expect(mail.subject).toContain('billed');
    // A suspended server is not billed on later runs.
    product.advance(HOUR_MS);
    await runTick(product.server.ctx);
    expect(await credits(session)).toBe(balance);
  });

  it('suspends the servers of several customers in one tick, each mailed once, and charges the others', async () => {
    const broke = [await registerVerified(product), await registerVerified(product)];
    const solvent = await registerVerified(product);
    for (const customer of broke) {
      await grantCredits(product, customer.username, 1);
      await orderStarter(customer.session);
    }
    await grantCredits(product, solvent.username, 10);
    await orderStarter(solvent.session);
    product.advance(8 * HOUR_MS);
    await runTick(product.server.ctx);

    const mails = (await solvent.session.get('/api/dev/mail')).body as { to: string; subject: string }[];
    for (const customer of broke) {
      await customer.session.post('/api/auth/refresh-token');
      const [server] = (await customer.session.get('/api/private/servers/owned-servers')).body;
      expect(server.status).toBe('suspended');
      const theirs = mails.filter((m) => m.to === customer.email && m.subject.includes('billed'));
      expect(theirs).toHaveLength(1);
    }
    await solvent.session.post('/api/auth/refresh-token');
    const [running] = (await solvent.session.get('/api/private/servers/owned-servers')).body;
    expect(running.status).not.toBe('suspended');
    expect(mails.filter((m) => m.to === solvent.email && m.subject.includes('billed'))).toHaveLength(0);
    expect(await credits(solvent.session)).toBeCloseTo(10 - 9 * 0.137, 3);
  });

  it('retries the panel suspension until the panel confirms it, and bills nothing meanwhile', async () => {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 1);
    const id = await orderStarter(session);
    const panel = product.server.emulators!.pterodactyl;
    const uuid = async () =>
      (await session.get('/api/private/servers/owned-servers')).body.find(
        (s: { user_package_id: number }) => s.user_package_id === id,
      ).ptero_server_uuid;
    const panelStatus = async () => {
      const target = await uuid();
      return panel.servers().find((s) => s.uuid === target)?.status;
    };
    product.advance(8 * HOUR_MS);
    await session.post('/api/auth/refresh-token');
    panel.failNext('suspendServer', { status: 500 });
    const first = await runTick(product.server.ctx);
    expect(first.billing.suspended).toBe(1);
    expect(first.panel).toMatchObject({ done: 0, failed: 1 });
    expect(await panelStatus()).not.toBe('suspended');
    const balance = await credits(session);

    // Retried with backoff (5 s first): not before it is due, then confirmed; nothing billed meanwhile.
    expect((await runTick(product.server.ctx)).panel).toMatchObject({ done: 0, failed: 0 });
    product.advance(6_000);
    const second = await runTick(product.server.ctx);
    expect(second.billing).toMatchObject({ charged: 0, suspended: 0 });
    expect(second.panel).toMatchObject({ done: 1, failed: 0 });
    expect(await panelStatus()).toBe('suspended');
    expect(await credits(session)).toBe(balance);
    // Confirmed: later runs leave it alone.
    expect((await runTick(product.server.ctx)).panel.done).toBe(0);
  });
});
