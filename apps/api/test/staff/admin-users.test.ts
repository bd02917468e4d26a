/**
 * The users section and the servers list (issue 10; product.md "Staff screens", "Accounts",
 * 6): search and role filter, role changes and (de)activation ending the user's open session at its next
 * request, the last master and oneself protected, the audit entries, and the servers list's search,
 * pages and panel state. Real database, real HTTP, the panel emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserPackage } from '../../src/platform/db/rows';
import { changeRole, setActive } from '../../src/staff/admin-users';
import {
  captchaToken,
  DATABASES,
  grantCredits,
  insertCustomer,
  orderByCredits,
  type Product,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
  waitFor,
} from '../harness';

describe.each(DATABASES)('users and servers administration on %s', (kind) => {
  let product: Product;
  let master: Session;
  let masterId: number;
  let admin: Session;

  const idOf = async (username: string) =>
    (
      await product.server.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;

  async function login(email: string): Promise<{ session: Session; status: number }> {
    const session = product.session();
    const res = await session.post('/api/auth/login', {
      email,
      password: 'secret123',
      captchaToken: await captchaToken(session),
    });
    return { session, status: res.status };
  }

  beforeAll(async () => {
    product = await startProduct(kind);
    const m = await registerVerified(product, uniqueName('boss'));
    const a = await registerVerified(product, uniqueName('helper'));
    await product.server.ctx.db
      .updateTable('users')
      .set({ role: 'master' })
      .where('username', '=', m.username)
      .execute();
    await product.server.ctx.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('username', '=', a.username)
      .execute();
    master = m.session;
    masterId = await idOf(m.username);
    admin = a.session;
  });
  afterAll(async () => product?.close());

  it('lists users by a case-insensitive part of username or e-mail, filtered by role', async () => {
    const person = await registerVerified(product, uniqueName('Findme'));
    await grantCredits(product, person.username, 12);
    const found = (await master.get(`/api/private/users/all-users?search=${person.username.toUpperCase()}`))
      .body;
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({
      username: person.username,
      role: 'customer',
      credits: 12,
      active: true,
    });
    const byMail = (
      await master.get(`/api/private/users/all-users?search=${encodeURIComponent(person.email.slice(3))}`)
    ).body;
    expect(byMail.users.map((u: { username: string }) => u.username)).toContain(person.username);
    // % is a letter, not a pattern.
    expect((await master.get('/api/private/users/all-users?search=%25')).body.total).toBe(0);
    const admins = (await master.get('/api/private/users/all-users?role=admin')).body.users;
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    const customers = (await master.get('/api/private/users/all-users?role=customer')).body.users;
    expect(customers.every((u: { role: string }) => u.role === 'customer')).toBe(true);
    expect((await admin.get('/api/private/users/all-users')).status).toBe(403);
  });

  it('makes a customer admin: the open session is refused at once, the new login sees the store admin but not users', async () => {
    const person = await registerVerified(product);
    expect((await person.session.get('/api/private/credits')).status).toBe(200);
    const res = await master.request('PUT', '/api/private/users/change-role', {
      id: await idOf(person.username),
      role: 'admin',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: person.username, role: 'admin' });
    expect((await person.session.get('/api/private/credits')).status).toBe(401);
    const again = await login(person.email);
    expect(again.status).toBe(200);
    expect((await again.session.get('/api/private/store/games')).status).toBe(200);
    expect((await again.session.get('/api/private/servers/all-servers')).status).toBe(200);
    expect((await again.session.get('/api/private/users/all-users')).status).toBe(403);
    const entry = (await master.get('/api/private/users/audit-log?entity=user')).body.entries[0];
    expect(entry).toMatchObject({ action: 'role', before: { role: 'customer' }, after: { role: 'admin' } });
  });

  it('deactivates a customer: the open session is refused at once and login fails until activated again', async () => {
    const person = await registerVerified(product);
    const id = await idOf(person.username);
    const res = await master.request('PUT', '/api/private/users/active', { id, active: false });
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);
    expect((await person.session.get('/api/private/users/me')).status).toBe(401);
    expect((await person.session.post('/api/auth/refresh-token', {})).status).toBe(401);
    expect((await login(person.email)).status).toBe(401);
    expect((await master.request('PUT', '/api/private/users/active', { id, active: true })).status).toBe(200);
    expect((await login(person.email)).status).toBe(200);
    const entries = (await master.get('/api/private/users/audit-log?entity=user')).body.entries;
    expect(entries.slice(0, 2).map((e: { action: string }) => e.action)).toEqual(['activate', 'deactivate']);
  });

  it('refuses changes to oneself and to the last active master, and unknown users', async () => {
    expect(
      (await master.request('PUT', '/api/private/users/change-role', { id: masterId, role: 'customer' })).body
        .reason,
    ).toBe('self');
    expect(
      (await master.request('PUT', '/api/private/users/active', { id: masterId, active: false })).status,
    ).toBe(409);
    expect(
      (await master.request('PUT', '/api/private/users/active', { id: 999_999, active: false })).status,
    ).toBe(404);
    expect(
      (await master.request('PUT', '/api/private/users/change-role', { id: masterId, role: 'boss' })).status,
    ).toBe(400);
    // Only a master can call these, so the last master can only be reached by another path: the service.
    const ctx = product.server.ctx;
    const actor = { actorId: await idOf((await admin.get('/api/auth/me')).body.username), at: ctx.now() };
    await expect(changeRole(ctx, actor, masterId, 'admin')).rejects.toMatchObject({
      status: 409,
      reason: 'last-master',
    });
    await expect(setActive(ctx, actor, masterId, false)).rejects.toMatchObject({
      status: 409,
      reason: 'last-master',
    });
    const role = await ctx.db
      .selectFrom('users')
      .select(['role', 'active'])
      .where('id', '=', masterId)
      .executeTakeFirstOrThrow();
    expect(role).toEqual({ role: 'master', active: 1 });
  });

  it('lists servers newest first by pages, searched case-sensitively by name or uuid, with the panel state', async () => {
    const owner = await registerVerified(product);
    await grantCredits(product, owner.username, 1_000);
    const tag = uniqueName('Zeta');
    await orderByCredits(owner.session, `${tag} one`);
    await orderByCredits(owner.session, `${tag} two`);
    const page = await waitFor(
      async () =>
        (await admin.get(`/api/private/servers/all-servers?search=${encodeURIComponent(tag)}`)).body,
      (b) => b.servers?.every((s: { status: string }) => s.status === 'running'),
      15_000,
    );
    expect(page.total).toBe(2);
    expect(page.servers.map((s: { name: string }) => s.name)).toEqual([`${tag} two`, `${tag} one`]);
    expect(page.servers[0]).toMatchObject({ status: 'running', suspended: false, owner: owner.username });
    expect(page.panelUrl).toMatch(/^http/);
    // A stop sent since the list was read shows at the next read, not after the cached state's 30 s.
    const stopped = await owner.session.post('/api/private/servers/power', {
      id: page.servers[0].id,
      signal: 'stop',
    });
    expect(stopped.status).toBe(204);
    const after = await waitFor(
      async () =>
        (await admin.get(`/api/private/servers/all-servers?search=${encodeURIComponent(tag)}`)).body,
      (b) => b.servers?.[0]?.status === 'offline',
      10_000,
    );
    expect(after.servers[1]).toMatchObject({ status: 'running' });
    expect(
      (await admin.get(`/api/private/servers/all-servers?search=${encodeURIComponent(tag.toLowerCase())}`))
        .body.total,
    ).toBe(0);
    const uuid: string = page.servers[1].uuid;
    const byUuid = (await admin.get(`/api/private/servers/all-servers?search=${uuid.slice(4, 16)}`)).body;
    expect(byUuid.servers.map((s: { name: string }) => s.name)).toEqual([`${tag} one`]);
    const paged = (await admin.get('/api/private/servers/all-servers?pageSize=1&page=2')).body;
    expect(paged.servers).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect((await owner.session.get('/api/private/servers/all-servers')).status).toBe(403);
  });

  it('counts and pages a search alike whether it matches a thousand servers or more', async () => {
    const ctx = product.server.ctx;
    const t = ctx.now();
    const userId = await insertCustomer(ctx.db, uniqueName('many'), 0, t);
    const pkg = await ctx.db.selectFrom('packages').select('id').limit(1).executeTakeFirstOrThrow();
    const tag = uniqueName('Many');
    // 1 000 matches fit the search's first read (SEARCH_PROBE in staff/admin-servers.ts); 1 001 do not.
    for (const [count, name] of [
      [1_000, `${tag}A`],
      [1_001, `${tag}B`],
    ] as const) {
      const rows = Array.from({ length: count }, (_, i) =>
        newUserPackage({
          user_id: userId,
          package_id: pkg.id,
          name: `${name}-${i}`,
          billing_type: 'hourly',
          status: i % 7 === 0 ? 'deleted' : 'suspended',
          egg_id: 1,
          nest_id: 1,
          location_id: 1,
          credits_monthly: 10_000,
          created_at: t,
        }),
      );
      for (let i = 0; i < rows.length; i += 200) {
        await ctx.db
          .insertInto('user_packages')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      const shown = Array.from({ length: count }, (_, i) => i)
        .filter((i) => i % 7 !== 0)
        .reverse();
      const page = async (n: number) =>
        (await admin.get(`/api/private/servers/all-servers?search=${name}-&pageSize=50&page=${n}`)).body;
      const second = await page(2);
      expect(second.total).toBe(shown.length);
      expect(second.servers.map((s: { name: string }) => s.name)).toEqual(
        shown.slice(50, 100).map((i) => `${name}-${i}`),
      );
      const last = Math.ceil(shown.length / 50);
      expect((await page(last)).servers.at(-1).name).toBe(`${name}-1`);
      expect((await page(last + 1)).servers).toEqual([]);
    }
  });
});
