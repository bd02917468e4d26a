/**
 * Issue 7: a server paid by credits for its whole life, through the real routes, the real panel client and
 * the emulated panel: add-ons, package change, power, schedules, low balance, suspension, deletion
 * warnings, unsuspend, deletion, and the demo clock.
 */
import { scheduledMonthlyUnits, unitsToCredits } from '@falkenhost/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTick } from '../../src/jobs/tick';
import { enqueuePanelTask } from '../../src/panel/panel-queue';
import { DAY_MS, HOUR_MS, hourStart } from '../../src/platform/clock';
import { runPanelQueue } from '../../src/servers/panel-task-results';
import { localDayHour } from '../../src/servers/schedules/schedule-hours';
import {
  grantCredits,
  orderByCredits,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../harness';
import { isInstalled, PANEL_CASES, productPanel } from '../panels';

describe.each(PANEL_CASES)('server lifecycle on $db, $panel', ({ db: kind, panel: panelKind }) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { panel: panelKind });
  });
  afterAll(async () => product?.close());

  const ctx = () => product.server.ctx;
  const panel = () => productPanel(product);

  async function customer(credits: number) {
    const account = await registerVerified(product);
    if (credits > 0) await grantCredits(product, account.username, credits);
    const user = await ctx()
      .db.selectFrom('users')
      .select('id')
      .where('username', '=', account.username)
      .executeTakeFirstOrThrow();
    return { ...account, userId: user.id };
  }

  const order = (session: Session, name = 'Minecraft Starter', serverName = 'life') =>
    orderByCredits(session, serverName, name);

  async function owned(session: Session, id: number) {
    await session.post('/api/auth/refresh-token');
    const servers = (await session.get('/api/private/servers/owned-servers')).body;
    return servers.find((s: { user_package_id: number }) => s.user_package_id === id);
  }

  async function panelServer(id: number) {
    return panel()
      .servers()
      .find((s) => s.external_id === `falkenhost-server-${id}`);
  }

  async function balance(session: Session): Promise<number> {
    await session.post('/api/auth/refresh-token');
    return (await session.get('/api/private/credits')).body.credits;
  }

  async function hours(n: number) {
    for (let i = 0; i < n; i++) {
      product.advance(HOUR_MS);
      await runTick(ctx());
    }
  }

  const mails = async (session: Session, to: string) =>
    ((await session.get('/api/dev/mail')).body as { to: string; subject: string }[]).filter(
      (m) => m.to === to,
    );

  it('lists the servers without asking the panel for websocket credentials', async () => {
    const { session } = await customer(10);
    const id = await order(session, 'Minecraft Starter', 'quiet');
    const server = await owned(session, id);
    expect(server).toMatchObject({ websocketUrl: null, token: null, package_name: 'Minecraft Starter' });
    expect(server.scheduled).toBe(false);
    panel().failNext('websocket');
    // A failing websocket credential does not break the list: it is not asked for there.
    expect((await session.get('/api/private/servers/owned-servers')).status).toBe(200);
  });

  it('adds and removes an add-on: panel limits and the hourly rate follow, one per type', async () => {
    const { session } = await customer(50);
    const id = await order(session);
    const available = (await session.get(`/api/private/addons/available-for-change?id=${id}`)).body;
    expect(available.map((a: { type: string }) => a.type).sort()).toEqual([
      'backups',
      'databases',
      'storage',
    ]);
    const storage = available.find((a: { type: string }) => a.type === 'storage');

    const bought = await session.post('/api/private/addons/buy-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    expect(bought.status).toBe(200);
    expect((await panelServer(id))?.limits.disk).toBe(20 * 1024);
    const server = await owned(session, id);
    expect(server).toMatchObject({ storage_size: 20, totalCreditsPrice: 140 });
    expect(server.addons).toEqual([expect.objectContaining({ addon_type: 'storage', addon_quantity: 10 })]);
    const again = await session.post('/api/private/addons/buy-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    expect(again).toMatchObject({ status: 409, body: { reason: 'addon-exists' } });
    const left = (await session.get(`/api/private/addons/available-for-change?id=${id}`)).body;
    expect(left.map((a: { type: string }) => a.type).sort()).toEqual(['backups', 'databases']);

    const removed = await session.request('DELETE', '/api/private/addons/remove-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    expect(removed.status).toBe(200);
    expect((await panelServer(id))?.limits.disk).toBe(10 * 1024);
    expect(await owned(session, id)).toMatchObject({ storage_size: 10, totalCreditsPrice: 100, addons: [] });
  });

  it('refuses an add-on the balance cannot pay an hour of, and changes nothing when the panel fails', async () => {
    const { session, userId } = await customer(1);
    const id = await order(session);
    const storage = (await session.get(`/api/private/addons/available-for-change?id=${id}`)).body.find(
      (a: { type: string }) => a.type === 'storage',
    );
    // 0.863 credits left pays an hour of 140 a month (0.1918): set the balance below that.
    await ctx().db.updateTable('users').set({ credits: 1_000 }).where('id', '=', userId).execute();
    const poor = await session.post('/api/private/addons/buy-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    expect(poor).toMatchObject({ status: 400, body: { reason: 'credits' } });

    await ctx().db.updateTable('users').set({ credits: 100_000 }).where('id', '=', userId).execute();
    panel().failNext('updateServerBuild');
    const failed = await session.post('/api/private/addons/buy-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    expect(failed).toMatchObject({ status: 502, body: { reason: 'panel' } });
    expect(await owned(session, id)).toMatchObject({ addons: [], totalCreditsPrice: 100 });
    expect((await panelServer(id))?.limits.disk).toBe(10 * 1024);
    expect(await balance(session)).toBe(10);

    // Another customer's server is not found, and nothing changes.
    const other = await customer(100);
    const foreign = await other.session.post('/api/private/addons/buy-addon', {
      addonId: storage.id,
      userPackageId: id,
    });
    expect(foreign.status).toBe(404);
    expect((await other.session.get(`/api/private/addons/available-for-change?id=${id}`)).status).toBe(404);
  });

  it('gives one add-on to 50 concurrent purchases', async () => {
    const { session } = await customer(50);
    const id = await order(session);
    const storage = (await session.get(`/api/private/addons/available-for-change?id=${id}`)).body.find(
      (a: { type: string }) => a.type === 'storage',
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        session.post('/api/private/addons/buy-addon', { addonId: storage.id, userPackageId: id }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect((await owned(session, id)).addons).toHaveLength(1);
    const rows = await ctx()
      .db.selectFrom('user_package_addons')
      .selectAll()
      .where('user_package_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('changes the package only without add-ons, with a balance for an hour and room on the node', async () => {
    const { session, userId } = await customer(50);
    const id = await order(session);
    const packages = (await session.get(`/api/private/packages/available-for-change?id=${id}`)).body;
    expect(packages.map((p: { name: string }) => p.name)).toEqual([
      'Minecraft Standard',
      'Minecraft Performance',
      'Minecraft Extreme',
    ]);
    const standard = packages[0];
    const addon = (await session.get(`/api/private/addons/available-for-change?id=${id}`)).body[0];
    await session.post('/api/private/addons/buy-addon', { addonId: addon.id, userPackageId: id });
    const withAddon = await session.post('/api/private/packages/change-package', {
      newPackageId: standard.id,
      userPackageId: id,
    });
    expect(withAddon).toMatchObject({ status: 409, body: { reason: 'addons' } });
    await session.request('DELETE', '/api/private/addons/remove-addon', {
      addonId: addon.id,
      userPackageId: id,
    });

    await ctx().db.updateTable('users').set({ credits: 2_000 }).where('id', '=', userId).execute();
    const poor = await session.post('/api/private/packages/change-package', {
      newPackageId: standard.id,
      userPackageId: id,
    });
    expect(poor).toMatchObject({ status: 400, body: { reason: 'credits' } });
    await ctx().db.updateTable('users').set({ credits: 500_000 }).where('id', '=', userId).execute();

    // A node without room for the bigger package refuses it.
    const node = panel().db.nodes.find(
      (n) =>
        n.id ===
        panel()
          .servers()
          .find((s) => s.external_id === `falkenhost-server-${id}`)?.node_id,
    );
    const memory = node!.memory;
    node!.memory = 1;
    const full = await session.post('/api/private/packages/change-package', {
      newPackageId: standard.id,
      userPackageId: id,
    });
    node!.memory = memory;
    expect(full).toMatchObject({ status: 400, body: { reason: 'resources' } });

    const changed = await session.post('/api/private/packages/change-package', {
      newPackageId: standard.id,
      userPackageId: id,
    });
    expect(changed.status).toBe(200);
    expect((await panelServer(id))?.limits).toMatchObject({ memory: 4096, disk: 25 * 1024 });
    expect(await owned(session, id)).toMatchObject({
      package_name: 'Minecraft Standard',
      totalCreditsPrice: 200,
    });
    const same = await session.post('/api/private/packages/change-package', {
      newPackageId: standard.id,
      userPackageId: id,
    });
    expect(same).toMatchObject({ status: 400, body: { reason: 'unknown' } });
  });

  it('checks schedules in the spec order and runs and bills a scheduled server only in its hours', async () => {
    const { session, userId } = await customer(100);
    const id = await order(session, 'Minecraft Starter', 'evenings');
    const post = (body: object) =>
      session.post('/api/private/servers/schedule', { user_packages_id: id, ...body });
    expect((await post({ startHour: 18, endHour: 22 })).body.reason).toBe('invalid-input');
    expect((await post({ day: 'Someday', startHour: 18, endHour: 22 })).body.reason).toBe('invalid-input');
    expect((await post({ day: 'Monday', startHour: '18', endHour: 22 })).body.reason).toBe('invalid-input');
    expect((await post({ day: 'Monday', startHour: 22, endHour: 18 })).body.reason).toBe('invalid-hours');
    expect((await post({ day: 'Monday', startHour: 20, endHour: 24 })).body.reason).toBe('invalid-hours');

    // Let the panel finish installing (a power call to an installing server waits for its retry).
    await expect
      .poll(async () => {
        const row = await panelServer(id);
        return row !== undefined && isInstalled(row);
      })
      .toBe(true);
    // Move to the next Monday 00:00 in Prague, bill up to there, then schedule Mon-Fri 18:00-22:59.
    let t = hourStart(ctx().now()) + HOUR_MS;
    while (localDayHour('Europe/Prague', t).day !== 0 || localDayHour('Europe/Prague', t).hour !== 0)
      t += HOUR_MS;
    product.advance(t - ctx().now() + 1_000);
    await runTick(ctx());
    await session.post('/api/auth/refresh-token');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      const res = await post({ day, startHour: 18, endHour: 22, timeZone: 'Europe/Prague' });
      expect(res.status).toBe(201);
    }
    const overlap = await post({ day: 'Monday', startHour: 22, endHour: 23 });
    expect(overlap).toMatchObject({ status: 409, body: { reason: 'schedule-overlap' } });
    const listed = (await session.get(`/api/private/servers/schedule?user_packages_id=${id}`)).body;
    expect(listed.timeZone).toBe('Europe/Prague');
    expect(listed.schedules).toHaveLength(5);
    expect(listed.schedules[0]).toMatchObject({ day_of_week: 'Monday', active_hours: [18, 19, 20, 21, 22] });
    const scheduled = await owned(session, id);
    expect(scheduled.scheduled).toBe(true);
    // Its card says when it starts: Monday 18:00 in Prague (issue 44, decisions/445).
    expect(scheduled.next_start).toBe(new Date(t + 18 * HOUR_MS).toISOString());
    // The home's monthly credits count its 25 hours a week, not the whole month.
    const { credits_monthly } = await ctx()
      .db.selectFrom('user_packages')
      .select('credits_monthly')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const count = (await session.get('/api/private/servers/server-count')).body;
    expect(count.monthly).toBe(unitsToCredits(scheduledMonthlyUnits(credits_monthly, 25)));
    expect(count.monthly).toBeLessThan(unitsToCredits(credits_monthly));
    // Its card's month is the same estimate.
    expect(scheduled.scheduled_credits_monthly).toBe(count.monthly);

    // Outside its hours: powered off, and a manual start is refused.
    const uuid = (await panelServer(id))!.uuid;
    await expect.poll(() => panel().process.state(uuid)).toBe('offline');
    const start = await session.post('/api/private/servers/power', { id, signal: 'start' });
    expect(start).toMatchObject({ status: 409, body: { reason: 'outside-schedule' } });

    const before = await ctx()
      .db.selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'server-hour')
      .execute();
    await hours(18);
    // Monday 18:00: powered on, in its hours: no next start.
    await expect.poll(() => panel().process.state(uuid)).toBe('running');
    expect((await owned(session, id)).next_start).toBeNull();
    await hours(5);
    // Monday 23:00: powered off.
    await expect.poll(() => panel().process.state(uuid)).toBe('offline');
    await hours(168 - 23);
    const after = await ctx()
      .db.selectFrom('credit_ledger')
      .select(['id', 'reference'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'server-hour')
      .execute();
    // Monday to Friday, 18:00 to 22:59: 25 hours charged in the week, nothing else.
    expect(after.length - before.length).toBe(25);

    // Deleting every range makes it run always again.
    await session.post('/api/auth/refresh-token');
    for (const schedule of listed.schedules) {
      const res = await session.request('DELETE', '/api/private/servers/schedule', {
        user_packages_id: id,
        id: schedule.id,
        hoursToDelete: JSON.stringify(schedule.active_hours),
        day: schedule.day_of_week,
      });
      expect(res.status).toBe(200);
    }
    const always = await owned(session, id);
    expect(always).toMatchObject({ scheduled: false, next_start: null, scheduled_credits_monthly: null });
    expect((await session.get('/api/private/servers/server-count')).body.monthly).toBe(
      unitsToCredits(credits_monthly),
    );
    await expect.poll(() => panel().process.state(uuid)).toBe('running');
  });

  it('warns of a low balance, suspends, warns of the deletion, unsuspends, and deletes after the period', async () => {
    const { session, email } = await customer(1);
    const id = await order(session, 'Minecraft Starter', 'lapsing');
    await hours(1);
    expect((await mails(session, email)).map((m) => m.subject)).toContain(
      'Your Falkenhost credits run out soon',
    );

    // 0.863 credits pay about six more hours at 0.137.
    await hours(7);
    expect((await owned(session, id)).status).toBe('suspended');
    expect((await panelServer(id))?.status).toBe('suspended');
    expect((await mails(session, email)).some((m) => m.subject === 'Your server lapsing is suspended')).toBe(
      true,
    );
    // The card says why (decision 430): the balance could not pay the hour.
    expect((await owned(session, id)).suspension_reason).toBe('credits');
    const poor = await session.post('/api/private/servers/unsuspend-server', { id });
    expect(poor).toMatchObject({ status: 400, body: { reason: 'credits' } });

    await hours(4 * 24 + 1);
    expect(
      (await mails(session, email)).filter((m) =>
        m.subject.startsWith('Your server lapsing will be deleted'),
      ),
    ).toHaveLength(1);
    await hours(2 * 24);
    expect(
      (await mails(session, email)).filter((m) =>
        m.subject.startsWith('Your server lapsing will be deleted'),
      ),
    ).toHaveLength(2);
    expect((await owned(session, id)).delete_at).not.toBeNull();

    // Credits bought: unsuspended on the panel, one hour charged, running again.
    const { username } = await ctx()
      .db.selectFrom('users')
      .select('username')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await grantCredits(product, username, 1);
    const before = await balance(session);
    const unsuspended = await session.post('/api/private/servers/unsuspend-server', { id });
    expect(unsuspended.status).toBe(200);
    // Back on the server's card, with the order's popup (decision 430).
    expect(unsuspended.body.link).toMatch(new RegExp(`^/dashboard/servers/${id}\\?order=[0-9a-f-]{36}$`));
    expect(await balance(session)).toBeCloseTo(before - 0.137, 4);
    expect(await owned(session, id)).toMatchObject({
      status: 'paid',
      delete_at: null,
      suspension_reason: null,
    });
    expect((await panelServer(id))?.status).toBeNull();
    const again = await session.post('/api/private/servers/unsuspend-server', { id });
    expect(again).toMatchObject({ status: 409, body: { reason: 'server-state' } });

    // Left to lapse again: suspended, then deleted after SUSPEND_DAYS (7) with the panel server gone.
    await hours(9);
    expect((await owned(session, id)).status).toBe('suspended');
    await hours(7 * 24 + 1);
    expect(await owned(session, id)).toBeUndefined();
    expect(await panelServer(id)).toBeUndefined();
    expect((await mails(session, email)).some((m) => m.subject === 'Your server lapsing was deleted')).toBe(
      true,
    );
    const row = await ctx()
      .db.selectFrom('user_packages')
      .select(['status', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('deleted');
  });

  it('deletes an hourly server at once on request and stops billing it', async () => {
    const { session, userId } = await customer(10);
    const id = await order(session, 'Minecraft Starter', 'gone');
    const cancelled = await session.post('/api/private/servers/cancel-server', { id });
    expect(cancelled.status).toBe(200);
    expect(await panelServer(id)).toBeUndefined();
    expect(await owned(session, id)).toBeUndefined();
    const charged = async () =>
      (
        await ctx()
          .db.selectFrom('credit_ledger')
          .select('id')
          .where('user_id', '=', userId)
          .where('kind', '=', 'server-hour')
          .execute()
      ).length;
    const before = await charged();
    await hours(3);
    expect(await charged()).toBe(before);
    await session.post('/api/auth/refresh-token');
    expect((await session.post('/api/private/servers/cancel-server', { id })).status).toBe(404);
  });

  it('powers a server through the Client API', async () => {
    const { session } = await customer(10);
    const id = await order(session, 'Minecraft Starter', 'switch');
    const uuid = (await panelServer(id))!.uuid;
    // Installed and started by the panel before it is stopped.
    await expect.poll(() => panel().process.state(uuid)).toBe('running');
    expect((await session.post('/api/private/servers/power', { id, signal: 'stop' })).status).toBe(204);
    await expect.poll(() => panel().process.state(uuid)).toBe('offline');
    expect((await session.post('/api/private/servers/power', { id, signal: 'start' })).status).toBe(204);
    await expect.poll(() => panel().process.state(uuid)).toBe('running');
    expect((await session.post('/api/private/servers/power', { id, signal: 'kill' })).status).toBe(400);
  });

  it('starts a server whose stop is still in progress once it has stopped (Wings would drop the start)', async () => {
    const { session } = await customer(10);
    const id = await order(session, 'Minecraft Starter', 'restless');
    const uuid = (await panelServer(id))!.uuid;
    await expect.poll(() => panel().process.state(uuid)).toBe('running');
    // A schedule's stop, then its start while the process is still stopping (the demo clock's hours
    // pass faster than a stop takes).
    await enqueuePanelTask(ctx().db, { userPackageId: id, kind: 'power', signal: 'stop', now: ctx().now() });
    await runPanelQueue(ctx());
    expect(panel().process.state(uuid)).toBe('stopping');
    await enqueuePanelTask(ctx().db, { userPackageId: id, kind: 'power', signal: 'start', now: ctx().now() });
    expect(await runPanelQueue(ctx())).toMatchObject({ done: 1, failed: 0 });
    await expect.poll(() => panel().process.state(uuid)).toBe('running');
  });

  it('moves the demo clock and runs the jobs that fell due', async () => {
    const { session } = await customer(10);
    await order(session, 'Minecraft Starter', 'clocked');
    const before = (await session.get('/api/dev/clock')).body.now;
    const moved = await session.post('/api/dev/clock', { advanceHours: 3 });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now) - Date.parse(before)).toBeGreaterThanOrEqual(3 * HOUR_MS);
    expect(await balance(session)).toBeCloseTo(10 - 4 * 0.137, 4);
    expect((await session.post('/api/dev/clock', { advanceHours: 0 })).status).toBe(400);
    expect((await session.post('/api/dev/clock', { advanceHours: 2161 })).status).toBe(400);
    expect((await session.post('/api/dev/clock', { advanceHours: '3' })).status).toBe(400);
  });
});

export { DAY_MS };
