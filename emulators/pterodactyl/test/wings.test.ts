import { createPterodactylClient, type PterodactylClient } from '@falkenhost/pterodactyl/client';
import type { Server } from '@falkenhost/pterodactyl/types';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';
import { signWebsocketToken } from '../src/wings/token';
import { openSocket } from './socket-client';

describe('Wings websocket', () => {
  let emulator: RunningEmulator;
  let client: PterodactylClient;
  let clock = Date.now();
  const bootClock = clock;
  let origin: string;

  const claimsOf = (token: string) => decodeJwt(token) as { exp: number; permissions: string[] };

  /** A token for the server signed as the panel does, with the given permissions (as a subuser's). */
  async function tokenFor(uuid: string, permissions: string[]): Promise<string> {
    const { db } = emulator.state;
    const server = db.servers.find((s) => s.uuid === uuid)!;
    const node = db.nodes.find((n) => n.id === server.node_id)!;
    return signWebsocketToken(emulator.state, node, server, emulator.state.clientKeyOwner(), permissions);
  }

  async function runningServer(name: string): Promise<Server> {
    const [allocation] = await client.listNodeAllocations(2, { unassignedOnly: true });
    const server = await client.createServer({
      name,
      user: 1,
      egg: 1,
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'java -jar {{SERVER_JARFILE}}',
      environment: { SERVER_JARFILE: 'server.jar', DL_VERSION: 'latest' },
      limits: { memory: 2048, swap: 0, disk: 10240, io: 500, cpu: 100 },
      feature_limits: { databases: 0, backups: 0 },
      allocation: { default: allocation?.id ?? 0 },
    });
    // Wings' own state: the panel's resources answer is cached 20 s on this test's frozen clock.
    await vi.waitFor(
      () => {
        if (emulator.state.process.state(server.uuid) !== 'running') throw new Error('server did not start');
      },
      { timeout: 2_500, interval: 25 },
    );
    return server;
  }

  beforeAll(async () => {
    emulator = await startEmulator({
      installSeconds: 0.1,
      statsIntervalMs: 100,
      tokenCheckIntervalMs: 100,
      now: () => clock,
    });
    origin = new URL(emulator.url).origin;
    client = createPterodactylClient({
      baseUrl: emulator.url,
      applicationKey: emulator.state.config.applicationKey,
      clientKey: emulator.state.config.clientKey,
    });
  });
  afterAll(() => emulator.close());

  it('refuses a missing or foreign Origin', async () => {
    const server = await runningServer('origin');
    const { socket } = await client.getWebsocketCredentials(server.identifier);
    await expect(openSocket(socket)).rejects.toThrow('status 403');
    await expect(openSocket(socket, 'https://evil.example')).rejects.toThrow('status 403');
  });

  it('authenticates, then sends status and moving stats within the limits', async () => {
    const server = await runningServer('stats');
    const { token, socket } = await client.getWebsocketCredentials(server.identifier);
    const ws = await openSocket(socket, origin);
    ws.send('send stats');
    expect(await ws.next('jwt error')).toEqual({ event: 'jwt error', args: ['jwt: no jwt present'] });

    const success = ws.next('auth success');
    const status = ws.next('status');
    const secondStats = ws.next('stats', 2);
    ws.send('auth', [token]);
    expect(await success).toEqual({ event: 'auth success' });
    expect(await status).toEqual({ event: 'status', args: ['running'] });
    await secondStats;
    const stats = ws.frames.filter((f) => f.event === 'stats').map((f) => JSON.parse(f.args?.[0] ?? '{}'));
    expect(stats.length).toBeGreaterThanOrEqual(2);
    for (const s of stats) {
      expect(Object.keys(s).sort()).toEqual(
        [
          'cpu_absolute',
          'disk_bytes',
          'memory_bytes',
          'memory_limit_bytes',
          'network',
          'state',
          'uptime',
        ].sort(),
      );
      expect(s.state).toBe('running');
      expect(s.memory_limit_bytes).toBe(2048 * 1024 * 1024);
      expect(s.memory_bytes).toBeGreaterThan(0);
      expect(s.memory_bytes).toBeLessThanOrEqual(s.memory_limit_bytes);
      expect(s.cpu_absolute).toBeGreaterThanOrEqual(0);
      expect(s.cpu_absolute).toBeLessThanOrEqual(100);
      expect(s.disk_bytes).toBeGreaterThan(0);
      expect(s.disk_bytes).toBeLessThanOrEqual(10240 * 1024 * 1024);
      expect(typeof s.network.rx_bytes).toBe('number');
      expect(typeof s.network.tx_bytes).toBe('number');
    }
    expect(stats[1].uptime).toBeGreaterThanOrEqual(stats[0].uptime);

    const logs = ws.next('console output');
    ws.send('send logs');
    expect((await logs).args?.[0]).toContain('Updating process configuration files');

    const stopping = ws.nextWith('status', 'stopping');
    const stopped = ws.nextWith('status', 'offline');
    ws.send('set state', ['stop']);
    await stopping;
    await stopped;
    ws.ws.close();
  });

  it('answers daemon error for a bad signature and jwt error for an expired token', async () => {
    const server = await runningServer('expiry');
    const { token, socket } = await client.getWebsocketCredentials(server.identifier);
    const ws = await openSocket(socket, origin);
    const [header, payload] = token.split('.');
    ws.send('auth', [`${header}.${payload}.AAAA`]);
    // No token with admin.websocket.errors on the connection yet: the generic text, wrapped as Wings does.
    expect((await ws.next('daemon error')).args?.[0]).toMatch(
      /^Error Event \[[0-9a-f-]{36}\]: an unexpected error was encountered while handling this request$/,
    );

    clock += 601_000;
    ws.send('auth', [token]);
    const error = await ws.next('jwt error');
    expect(error.args?.[0]).toMatch(/^Error Event \[[0-9a-f-]{36}\]: jwt: exp claim is invalid$/);
    expect(ws.ws.readyState).toBe(ws.ws.OPEN);
    ws.ws.close();
  });

  it('warns with token expiring, then sends jwt error in place of every event once the token expired', async () => {
    const server = await runningServer('expiring');
    const { token, socket } = await client.getWebsocketCredentials(server.identifier);
    const exp = claimsOf(token).exp;
    const ws = await openSocket(socket, origin);
    ws.send('auth', [token]);
    await ws.next('auth success');
    clock = (exp - 30) * 1000;
    await ws.next('token expiring');
    // At the very second of exp the token is still valid: the check says `token expired`.
    clock = exp * 1000;
    await ws.next('token expired');
    // Past it, Wings' SendJson refuses the expired token: `jwt error` instead of stats and of the notice.
    clock = exp * 1000 + 1;
    const errors = await ws.next('jwt error', 2);
    expect(errors.args).toEqual(['jwt: exp claim is invalid']);
    const sinceExpiry = ws.frames.slice(ws.frames.findIndex((f) => f.event === 'jwt error'));
    expect(sinceExpiry.filter((f) => f.event === 'stats' || f.event === 'token expired')).toEqual([]);
    ws.send('send stats');
    expect(await ws.next('jwt error')).toEqual({ event: 'jwt error', args: ['jwt: exp claim is invalid'] });

    const fresh = await client.getWebsocketCredentials(server.identifier);
    const mark = ws.frames.length;
    ws.send('auth', [fresh.token]);
    await ws.next('auth success');
    // A renewed token brings no second status (panel issue 2077), and the stats flow again.
    await ws.next('stats');
    expect(ws.frames.slice(mark).map((f) => f.event)).not.toContain('status');
    ws.ws.close();
  });

  it('checks control.start/stop/restart on set state and control.console on send command, silently', async () => {
    const server = await runningServer('permissions');
    const { socket } = await client.getWebsocketCredentials(server.identifier);
    const ws = await openSocket(socket, origin);
    ws.send('auth', [await tokenFor(server.uuid, ['websocket.connect'])]);
    await ws.next('auth success');
    const linesBefore = emulator.state.process.logs(server.uuid).length;
    for (const signal of ['stop', 'kill', 'restart']) ws.send('set state', [signal]);
    ws.send('send command', ['op attacker']);
    // Answered in order: a stats request after them proves they were handled, and did nothing.
    ws.send('send stats');
    await ws.next('stats');
    expect(emulator.state.process.state(server.uuid)).toBe('running');
    expect(emulator.state.process.logs(server.uuid)).toHaveLength(linesBefore);
    expect(ws.frames.map((f) => f.event)).not.toContain('daemon error');
    expect(ws.frames.filter((f) => f.event === 'status').map((f) => f.args?.[0])).toEqual(['running']);

    // Only the console permission: commands reach the server, power still does not.
    ws.send('auth', [await tokenFor(server.uuid, ['websocket.connect', 'control.console'])]);
    await ws.next('auth success');
    const echoed = ws.nextWith('console output', '> say hello');
    ws.send('send command', ['say hello']);
    await echoed;
    ws.send('set state', ['stop']);
    ws.send('send stats');
    await ws.next('stats');
    expect(emulator.state.process.state(server.uuid)).toBe('running');

    // control.stop alone stops it; start is still refused.
    ws.send('auth', [await tokenFor(server.uuid, ['websocket.connect', 'control.stop'])]);
    await ws.next('auth success');
    const offline = ws.nextWith('status', 'offline');
    ws.send('set state', ['stop']);
    await offline;
    ws.send('set state', ['start']);
    ws.send('send stats');
    await ws.next('stats');
    expect(emulator.state.process.state(server.uuid)).toBe('offline');
    ws.ws.close();
  });

  it("answers an action's error with its reason only to a token with admin.websocket.errors", async () => {
    const server = await runningServer('errors');
    const { socket, token } = await client.getWebsocketCredentials(server.identifier);
    const ws = await openSocket(socket, origin);
    ws.send('auth', [await tokenFor(server.uuid, ['*'])]);
    await ws.next('auth success');
    ws.send('set state', ['start']);
    expect((await ws.next('daemon error')).args?.[0]).toMatch(
      /^Error Event \[[0-9a-f-]{36}\]: an unexpected error was encountered while handling this request$/,
    );
    // The panel's token for the client key's root admin carries admin.websocket.errors.
    expect(claimsOf(token).permissions).toEqual([
      '*',
      'admin.websocket.errors',
      'admin.websocket.install',
      'admin.websocket.transfer',
    ]);
    ws.send('auth', [token]);
    await ws.next('auth success');
    ws.send('set state', ['start']);
    expect((await ws.next('daemon error')).args?.[0]).toMatch(
      /^Error Event \[[0-9a-f-]{36}\]: server is running$/,
    );
    ws.send('set state', ['jump']);
    expect((await ws.next('daemon error')).args?.[0]).toMatch(/attempting to handle unknown power action$/);
    ws.ws.close();
  });

  it("refuses another server's token, a token without websocket.connect and one issued before boot", async () => {
    const server = await runningServer('mismatch');
    const other = await runningServer('mismatch-other');
    const { socket } = await client.getWebsocketCredentials(server.identifier);
    const foreign = await client.getWebsocketCredentials(other.identifier);
    const ws = await openSocket(socket, origin);
    // Wings accepts the token itself and refuses it on the first event it would send.
    const success = ws.next('auth success');
    const mismatch = ws.next('jwt error');
    ws.send('auth', [foreign.token]);
    await success;
    expect((await mismatch).args).toEqual(['jwt: server uuid mismatch']);
    ws.send('set state', ['stop']);
    expect((await ws.next('jwt error')).args).toEqual(['jwt: server uuid mismatch']);
    expect(emulator.state.process.state(server.uuid)).toBe('running');
    ws.ws.close();

    const second = await openSocket(socket, origin);
    second.send('auth', [await tokenFor(server.uuid, [])]);
    expect((await second.next('jwt error')).args?.[0]).toMatch(/: jwt: missing connect permission$/);
    // Signed before the emulator booted, still within its lifetime.
    const { db } = emulator.state;
    const node = db.nodes.find((n) => n.id === db.servers.find((s) => s.uuid === server.uuid)!.node_id)!;
    const old = await new SignJWT({ server_uuid: server.uuid, permissions: ['*'] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(bootClock / 1000) - 2)
      .setExpirationTime(Math.floor(clock / 1000) + 600)
      .sign(new TextEncoder().encode(node.daemon_token));
    second.send('auth', [old]);
    expect((await second.next('jwt error')).args?.[0]).toMatch(
      /: jwt: created too far in past \(denylist\)$/,
    );
    expect(second.frames.map((f) => f.event)).not.toContain('auth success');
    second.ws.close();
  });

  it('reports a suspended server offline with zeroed stats, and closes 1001 when it is deleted', async () => {
    const server = await runningServer('deleted');
    const { token, socket } = await client.getWebsocketCredentials(server.identifier);
    const ws = await openSocket(socket, origin);
    ws.send('auth', [token]);
    await ws.next('auth success');
    const offline = ws.nextWith('status', 'offline');
    const zeroed = ws.next('stats');
    await client.suspendServer(server.id);
    await offline;
    await zeroed;
    await vi.waitFor(() => {
      const last = ws.frames.filter((f) => f.event === 'stats').at(-1);
      expect(JSON.parse(last?.args?.[0] ?? '{}')).toMatchObject({
        state: 'offline',
        memory_bytes: 0,
        cpu_absolute: 0,
        uptime: 0,
      });
    });
    await client.deleteServer(server.id);
    expect(await ws.closed).toEqual({ code: 1001, reason: 'server deleted' });
  });
});
