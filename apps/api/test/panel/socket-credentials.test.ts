/**
 * One panel websocket credential per server and instance (decisions/406-one-socket-credential-per-server.md):
 * `/websocket-token` and the relay's Wings socket share it, the panel is asked again only shortly before it
 * expires, callers at the same time share one request, and a refusal (409) is not kept.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { renewalTime, SocketCredentials } from '../../src/panel/socket-credentials';
import {
  grantCredits,
  orderByCredits,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../harness';
import { PANELS, productPanel } from '../panels';

describe.each(PANELS)('one panel websocket credential per server on %s', (panelKind) => {
  let product: Product;
  const panel = () => productPanel(product);
  const relay = () => product.server.app.socketRelay;

  beforeAll(async () => {
    product = await startProduct('sqlite', { panel: panelKind });
  });
  afterAll(async () => product?.close());

  /** A customer with a running server; `session` may be an existing customer's, for a second server. */
  async function customerWithServer(name: string, existing?: Session) {
    let session = existing;
    if (!session) {
      const customer = await registerVerified(product);
      await grantCredits(product, customer.username, 100);
      session = customer.session;
    }
    const id = await orderByCredits(session, name);
    const row = await product.server.ctx.db
      .selectFrom('user_packages')
      .select(['ptero_server_uuid', 'ptero_identifier'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const uuid = row.ptero_server_uuid!;
    await vi.waitFor(() => expect(panel().process.state(uuid)).toBe('running'), { timeout: 5_000 });
    return { session, id, uuid, identifier: row.ptero_identifier! };
  }

  const tokenCall = (session: Session, id: number) =>
    session.get(`/api/private/servers/websocket-token?id=${id}`);
  /** Panel websocket credential requests for server `uuid` since the start. */
  const asked = (uuid: string) => panel().websocketRequests(uuid);

  /** A relay socket authenticated with a fresh credential of ours, as a card opens it. */
  async function watch(session: Session, id: number): Promise<WebSocket> {
    const { socket, token } = (await tokenCall(session, id)).body as { socket: string; token: string };
    const ws = new WebSocket(socket, { headers: { origin: product.url, cookie: session.cookieHeader() } });
    await new Promise<void>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('open', () => ws.send(JSON.stringify({ event: 'auth', args: [token] })));
      ws.on('message', (data) => {
        if (JSON.parse(String(data)).event === 'status') resolve();
      });
    });
    return ws;
  }

  it('answers many /websocket-token calls of one customer with one panel request', async () => {
    const { session, id, uuid } = await customerWithServer('cred-one');
    const before = asked(uuid);
    for (let i = 0; i < 10; i++) expect((await tokenCall(session, id)).status).toBe(200);
    expect(asked(uuid) - before).toBe(1);
    expect(relay().credentials.size).toBeGreaterThanOrEqual(1);
  });

  it("shares one credential per server between two customers' calls and their tabs' Wings socket", async () => {
    const alice = await customerWithServer('cred-alice');
    const bob = await customerWithServer('cred-bob');
    const aliceSecond = await customerWithServer('cred-alice-2', alice.session);
    const servers = [alice, bob, aliceSecond];
    const before = servers.map((s) => asked(s.uuid));
    for (let i = 0; i < 5; i++)
      for (const s of servers) expect((await tokenCall(s.session, s.id)).status).toBe(200);
    // Two tabs of Alice on her server: the relay's Wings socket opens with the credential already kept.
    const tabs = [await watch(alice.session, alice.id), await watch(alice.session, alice.id)];
    expect(relay().isLive(alice.uuid)).toBe(true);
    for (let i = 0; i < 5; i++) expect((await tokenCall(alice.session, alice.id)).status).toBe(200);
    expect(servers.map((s, i) => asked(s.uuid) - before[i]!)).toEqual([1, 1, 1]);
    for (const tab of tabs) tab.close();
    await vi.waitFor(() => expect(relay().isLive(alice.uuid)).toBe(false));
  });

  it('asks again a minute before the panel token expires, once, for calls and the Wings socket', async () => {
    const { session, id, uuid } = await customerWithServer('cred-renew');
    const before = asked(uuid);
    expect((await tokenCall(session, id)).status).toBe(200);
    // The emulator's tokens last 600 s, as Wings tokens on Pterodactyl: kept until 540 s.
    product.advance(500_000);
    expect((await session.post('/api/auth/refresh-token')).status).toBe(200);
    expect((await tokenCall(session, id)).status).toBe(200);
    expect(asked(uuid) - before).toBe(1);
    product.advance(45_000);
    for (let i = 0; i < 5; i++) expect((await tokenCall(session, id)).status).toBe(200);
    expect(asked(uuid) - before).toBe(2);

    // Watched: Wings' `token expiring` makes the relay renew through the same cache, once, and the calls
    // meanwhile find its socket live or share its credential.
    const tab = await watch(session, id);
    const watched = asked(uuid);
    product.advance(560_000);
    await vi.waitFor(() => expect(asked(uuid)).toBe(watched + 1));
    expect((await session.post('/api/auth/refresh-token')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await tokenCall(session, id)).status).toBe(200);
    expect(asked(uuid)).toBe(watched + 1);
    tab.close();
    await vi.waitFor(() => expect(relay().isLive(uuid)).toBe(false));
    expect((await tokenCall(session, id)).status).toBe(200);
    expect(asked(uuid)).toBe(watched + 1);
  });

  it('shares one panel request between calls made at the same time', async () => {
    const { session, id, uuid } = await customerWithServer('cred-together');
    const before = asked(uuid);
    const held = panel().holdNext('GET', /\/websocket$/);
    const calls = Promise.all(Array.from({ length: 8 }, () => tokenCall(session, id)));
    await held.reached;
    // Every call waits for the one request the panel holds before it answers.
    await vi.waitFor(() => expect(relay().credentials.waiting).toBe(8));
    held.release();
    expect((await calls).map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(asked(uuid) - before).toBe(1);
  });

  it('keeps no 409 or 404: callers at the same time share it, the next call asks again', async () => {
    const { session, id, uuid } = await customerWithServer('cred-conflict');
    const before = asked(uuid);
    panel().failNext('websocket', {
      status: 409,
      code: 'ServerStateConflictException',
      detail: 'This server has not yet completed its installation process, please try again later.',
    });
    const held = panel().holdNext('GET', /\/websocket$/);
    const calls = Promise.all(Array.from({ length: 4 }, () => tokenCall(session, id)));
    await held.reached;
    await vi.waitFor(() => expect(relay().credentials.waiting).toBe(4));
    held.release();
    const answers = await calls;
    expect(answers.map((r) => [r.status, r.body.reason])).toEqual(Array(4).fill([409, 'installing']));
    expect(asked(uuid) - before).toBe(1);

    // A 404 (the panel lost the server for a moment) is not kept either; 5xx are retried by the client.
    panel().failNext('websocket', {
      status: 404,
      code: 'NotFoundHttpException',
      detail: 'The requested resource could not be found on the server.',
    });
    expect(await tokenCall(session, id)).toMatchObject({ status: 502, body: { reason: 'panel' } });
    expect(asked(uuid) - before).toBe(2);
    expect((await tokenCall(session, id)).status).toBe(200);
    expect((await tokenCall(session, id)).status).toBe(200);
    expect(asked(uuid) - before).toBe(3);
  });

  it('keeps a bounded number of servers, forgetting the least recently used', async () => {
    const servers = [
      await customerWithServer('cred-bound-1'),
      await customerWithServer('cred-bound-2'),
      await customerWithServer('cred-bound-3'),
    ];
    const cache = new SocketCredentials(product.server.ctx, { maxServers: 2 });
    const before = servers.map((s) => asked(s.uuid));
    for (const s of servers) await cache.get(s);
    expect(cache.size).toBe(2);
    await cache.get(servers[2]!);
    await cache.get(servers[1]!);
    await cache.get(servers[0]!);
    expect(servers.map((s, i) => asked(s.uuid) - before[i]!)).toEqual([2, 1, 1]);
  });
});

describe('renewal time of a panel token', () => {
  const now = 1_800_000_000_000;
  const signed = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('k'.repeat(32)));

  it('is a minute before exp, halfway through a shorter life, and short for a token without exp', async () => {
    const tenMinutes = await signed({ exp: now / 1000 + 600 });
    expect(renewalTime(tenMinutes, now, 60_000, 30_000)).toBe(now + 540_000);
    const oneMinute = await signed({ exp: now / 1000 + 60 });
    expect(renewalTime(oneMinute, now, 60_000, 30_000)).toBe(now + 30_000);
    const expired = await signed({ exp: now / 1000 - 5 });
    expect(renewalTime(expired, now, 60_000, 30_000)).toBe(now);
    expect(renewalTime(await signed({ sub: 'x' }), now, 60_000, 30_000)).toBe(now + 30_000);
    expect(renewalTime('not a jwt', now, 60_000, 30_000)).toBe(now + 30_000);
  });
});
