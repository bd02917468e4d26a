/**
 * The live-stats relay (issue 28 point 6): the customer's socket gets status and stats through our server,
 * can do nothing else on the panel, is refused for another customer's or server's credential, shares one
 * Wings socket per server, and keeps the gauges live across the expiry of both tokens.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  grantCredits,
  orderByCredits,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../harness';
import { PANELS, productPanel } from '../panels';

interface Frame {
  event: string;
  args?: string[];
}

/** A `ws` client recording every frame, like a browser tab's card. */
interface RelaySocket {
  ws: WebSocket;
  frames: Frame[];
  send(event: string, args?: string[]): void;
  /** the `count`-th frame of this event from now, within `timeoutMs` (default 5 s) */
  next(event: string, count?: number, timeoutMs?: number): Promise<Frame>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a socket; rejects with `status N` when the upgrade is refused. */
function openSocket(url: string, headers: Record<string, string>): Promise<RelaySocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const frames: Frame[] = [];
    const waiters = new Set<() => void>();
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)) as Frame);
      for (const wake of [...waiters]) wake();
    });
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on('close', (code, reason) => done({ code, reason: String(reason) })),
    );
    ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        closed,
        send: (event, args) => ws.send(JSON.stringify(args ? { event, args } : { event })),
        next(event, count = 1, timeoutMs = 5_000) {
          const start = frames.length;
          return new Promise((done, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no ${count}x ${event}; got ${JSON.stringify(frames.slice(start))}`));
            }, timeoutMs);
            const check = () => {
              const found = frames.slice(start).filter((f) => f.event === event)[count - 1];
              if (!found) return;
              clearTimeout(timer);
              waiters.delete(check);
              done(found);
            };
            waiters.add(check);
          });
        },
      }),
    );
  });
}

/** What the relay may ever send down. */
const RELAYED = new Set(['auth success', 'status', 'stats', 'token expiring', 'token expired', 'jwt error']);
const STATS_KEYS = [
  'cpu_absolute',
  'disk_bytes',
  'memory_bytes',
  'memory_limit_bytes',
  'network',
  'state',
  'uptime',
].sort();

describe.each(PANELS)('live-stats relay on sqlite, %s', (panelKind) => {
  let product: Product;
  const panel = () => productPanel(product);
  const relay = () => product.server.app.socketRelay;

  beforeAll(async () => {
    product = await startProduct('sqlite', { panel: panelKind });
  });
  afterAll(async () => product?.close());

  /** A customer with a running Minecraft server. */
  async function customerWithServer(name: string): Promise<{ session: Session; id: number; uuid: string }> {
    const { session, username } = await registerVerified(product);
    await grantCredits(product, username, 100);
    const id = await orderByCredits(session, name);
    const row = await product.server.ctx.db
      .selectFrom('user_packages')
      .select('ptero_server_uuid')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const uuid = row.ptero_server_uuid!;
    await vi.waitFor(() => expect(panel().process.state(uuid)).toBe('running'), { timeout: 5_000 });
    return { session, id, uuid };
  }

  async function credential(session: Session, id: number): Promise<{ socket: string; token: string }> {
    const res = await session.get(`/api/private/servers/websocket-token?id=${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  const open = (session: Session, url: string) =>
    openSocket(url, { origin: product.url, cookie: session.cookieHeader() });

  /** Opens the relay socket and authenticates; resolves once `auth success` and `status` arrived. */
  async function watch(session: Session, id: number) {
    const { socket, token } = await credential(session, id);
    const ws = await open(session, socket);
    const success = ws.next('auth success');
    const status = ws.next('status');
    ws.send('auth', [token]);
    await success;
    await status;
    return ws;
  }

  it("streams a customer's server status and stats, and nothing else", async () => {
    const { session, id } = await customerWithServer('relay-stats');
    const { socket, token } = await credential(session, id);
    expect(socket).toBe(`${product.url.replace(/^http/, 'ws')}/api/private/servers/socket?id=${id}`);
    // Our credential names one customer and one server and carries no Wings permission at all.
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: expect.any(String), srv: id });
    expect(JSON.stringify(claims)).not.toMatch(/control\.|admin\.|websocket\.|"\*"|permissions/);

    const ws = await open(session, socket);
    ws.send('send stats');
    expect(await ws.next('jwt error')).toEqual({ event: 'jwt error', args: ['jwt: no jwt present'] });
    const success = ws.next('auth success');
    const status = ws.next('status');
    const stats = ws.next('stats', 3);
    ws.send('auth', [token]);
    await success;
    expect((await status).args).toEqual(['running']);
    await stats;
    const seen = ws.frames.filter((f) => f.event === 'stats').map((f) => JSON.parse(f.args![0]!));
    for (const s of seen) {
      expect(Object.keys(s).sort()).toEqual(STATS_KEYS);
      expect(s.state).toBe('running');
      expect(s.memory_limit_bytes).toBe(2048 * 1024 * 1024);
    }
    expect(new Set(seen.map((s) => s.memory_bytes)).size).toBeGreaterThan(1);
    // Console output of the running server never comes down.
    expect(ws.frames.filter((f) => !RELAYED.has(f.event))).toEqual([]);
    ws.ws.close();
  });

  it('changes nothing on the panel for set state and send command sent through the relay', async () => {
    const { session, id, uuid } = await customerWithServer('relay-power');
    const ws = await watch(session, id);
    const lines = panel().process.logs(uuid).length;
    for (const signal of ['stop', 'kill', 'restart']) ws.send('set state', [signal]);
    ws.send('send command', ['op mallory']);
    ws.send('send logs');
    ws.send('send stats');
    await ws.next('stats');
    expect(panel().process.state(uuid)).toBe('running');
    expect(panel().process.logs(uuid)).toHaveLength(lines);

    // Stopped by the product (the dashboard's own power route), a `start` through the socket does not
    // start it outside its schedule either.
    expect((await session.post('/api/private/servers/power', { id, signal: 'stop' })).status).toBe(204);
    await vi.waitFor(() => expect(panel().process.state(uuid)).toBe('offline'), { timeout: 5_000 });
    ws.send('set state', ['start']);
    ws.send('set state', ['restart']);
    ws.send('send stats');
    await ws.next('stats');
    expect(panel().process.state(uuid)).toBe('offline');
    expect(
      panel()
        .process.logs(uuid)
        .some((line) => line.includes('op mallory')),
    ).toBe(false);
    expect(ws.frames.filter((f) => !RELAYED.has(f.event))).toEqual([]);
    ws.ws.close();
  });

  it("refuses another customer's credential, another server's id, a forged token and a foreign origin", async () => {
    const alice = await customerWithServer('relay-alice');
    const bob = await customerWithServer('relay-bob');
    const aliceToken = (await credential(alice.session, alice.id)).token;
    const bobCredential = await credential(bob.session, bob.id);
    const aliceUrl = bobCredential.socket.replace(`id=${bob.id}`, `id=${alice.id}`);

    // Bob, on Alice's server: his own credential, and Alice's (were it ever leaked to him).
    const bobOnAlice = await open(bob.session, aliceUrl);
    bobOnAlice.send('auth', [bobCredential.token]);
    expect((await bobOnAlice.next('jwt error')).args).toEqual(['jwt: server mismatch']);
    bobOnAlice.send('auth', [aliceToken]);
    expect((await bobOnAlice.next('jwt error', 1)).args).toEqual(['jwt: server mismatch']);
    bobOnAlice.send('send stats');
    expect((await bobOnAlice.next('jwt error')).args).toEqual(['jwt: no jwt present']);
    expect(bobOnAlice.frames.map((f) => f.event)).not.toContain('auth success');
    bobOnAlice.ws.close();

    // Alice's credential on Bob's server, with her session.
    const aliceOnBob = await open(alice.session, bobCredential.socket);
    aliceOnBob.send('auth', [aliceToken]);
    expect((await aliceOnBob.next('jwt error')).args).toEqual(['jwt: server mismatch']);
    // A credential with a changed payload (Bob's server) keeps Alice's signature: refused.
    const [header, payload, signature] = aliceToken.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), srv: bob.id }),
    ).toString('base64url');
    aliceOnBob.send('auth', [`${header}.${forgedPayload}.${signature}`]);
    expect((await aliceOnBob.next('jwt error')).args).toEqual(['jwt: invalid token']);
    // Her access token is no credential for the socket either.
    const access = alice.session
      .cookieHeader()
      .split('; ')
      .map((c) => c.split('='))
      .find(([, value]) => value?.split('.').length === 3)?.[1];
    expect(access).toBeDefined();
    aliceOnBob.send('auth', [access!]);
    expect((await aliceOnBob.next('jwt error')).args).toEqual(['jwt: invalid token']);
    expect(aliceOnBob.frames.map((f) => f.event)).not.toContain('auth success');
    aliceOnBob.ws.close();

    await expect(
      openSocket(aliceUrl, { origin: 'https://evil.example', cookie: alice.session.cookieHeader() }),
    ).rejects.toThrow('status 403');
    await expect(openSocket(aliceUrl, { origin: product.url })).rejects.toThrow('status 401');
    expect(relay().upstreamCount).toBe(0);
  });

  it('shares one Wings socket between the tabs watching a server, and closes it after the last', async () => {
    const { session, id } = await customerWithServer('relay-tabs');
    const sockets = () => product.server.app.websocketServer.clients.size;
    const before = sockets();
    const first = await watch(session, id);
    const second = await watch(session, id);
    expect(relay().upstreamCount).toBe(1);
    // Two browser sockets and one relay socket to the emulated Wings, on the same server.
    await vi.waitFor(() => expect(sockets()).toBe(before + 3));
    await Promise.all([first.next('stats', 2), second.next('stats', 2)]);
    first.ws.close();
    await second.next('stats', 2);
    expect(relay().upstreamCount).toBe(1);
    second.ws.close();
    await vi.waitFor(() => expect(relay().upstreamCount).toBe(0));
    await vi.waitFor(() => expect(sockets()).toBe(before));
  });

  it('keeps the stats flowing across token expiry, through renewal or a jwt error', async () => {
    const { session, id } = await customerWithServer('relay-renew');
    const ws = await watch(session, id);
    await ws.next('stats');

    // Within a minute of both expiries: our `token expiring`; the card renews ours, the relay the panel's.
    const expiring = ws.next('token expiring');
    product.advance(570_000);
    await expiring;
    const renewed = ws.next('auth success');
    ws.send('auth', [(await credential(session, id)).token]);
    await renewed;
    product.advance(60_000);
    const after = ws.frames.length;
    await ws.next('stats', 3);
    expect(ws.frames.slice(after).map((f) => f.event)).not.toContain('token expired');

    // A jump past both tokens at once: Wings answers the relay's stale token with `jwt error`, the relay
    // renews it; ours is `token expired` until the card authenticates again.
    const expired = ws.next('token expired');
    product.advance(700_000);
    await expired;
    const stale = ws.frames.length;
    ws.send('send stats');
    expect((await ws.next('jwt error')).args).toEqual(['jwt: exp claim is invalid']);
    expect(ws.frames.slice(stale).map((f) => f.event)).not.toContain('stats');
    const refreshed = await session.post('/api/auth/refresh-token');
    expect(refreshed.status).toBe(200);
    const again = ws.next('auth success');
    ws.send('auth', [(await credential(session, id)).token]);
    await again;
    // Pelican's Wings takes one `auth` per 5 s after a burst of 2: the relay's third within a second (this
    // test's compressed hour) waits for it, then the stats go on.
    await ws.next('stats', 3, 12_000);
    ws.ws.close();
  });

  it('reconnects to Wings when its socket drops, and the watchers keep their socket and stats', async () => {
    const { session, id } = await customerWithServer('relay-reconnect');
    const ws = await watch(session, id);
    await ws.next('stats');
    // The server side of the relay's Wings socket: every socket of the server but the watcher's.
    await vi.waitFor(() => expect(product.server.app.websocketServer.clients.size).toBe(2));
    const local = (ws.ws as unknown as { _socket: { localPort: number } })._socket.localPort;
    const wings = [...product.server.app.websocketServer.clients].filter(
      (c) => (c as unknown as { _socket: { remotePort: number } })._socket.remotePort !== local,
    );
    expect(wings).toHaveLength(1);
    const status = ws.next('status');
    wings[0]!.terminate();
    // A new Wings socket authenticates (its first `status`) and the stats go on.
    expect((await status).args).toEqual(['running']);
    await ws.next('stats', 2);
    expect(relay().upstreamCount).toBe(1);
    expect(ws.ws.readyState).toBe(WebSocket.OPEN);
    ws.ws.close();
  });

  it('closes a socket that did not renew its expired credential in time, and its Wings socket', async () => {
    const { session, id } = await customerWithServer('relay-abandoned');
    const ws = await watch(session, id);
    const expired = ws.next('token expired');
    // A jump far past expiry (the demo clock) still warns first; the grace is wall-clock (3 s in tests).
    product.advance(3_600_000);
    await expired;
    expect(await ws.closed).toEqual({ code: 1008, reason: 'token expired' });
    await vi.waitFor(() => expect(relay().upstreamCount).toBe(0));
  });

  it('closes the watchers with 1001 when the panel server is deleted', async () => {
    const { session, id, uuid } = await customerWithServer('relay-deleted');
    const ws = await watch(session, id);
    const server = panel().db.servers.find((s) => s.uuid === uuid)!;
    panel().removeServer(server);
    expect(await ws.closed).toEqual({ code: 1001, reason: 'server deleted' });
    await vi.waitFor(() => expect(relay().upstreamCount).toBe(0));
  });
});
