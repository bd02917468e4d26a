import { createPterodactylClient, type PterodactylClient } from '@falkenhost/pterodactyl/client';
import type { Server } from '@falkenhost/pterodactyl/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';
import { openSocket } from './socket-client';

describe('Wings websocket', () => {
  let emulator: RunningEmulator;
  let client: PterodactylClient;
  let clock = Date.now();
  let origin: string;

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
    for (let i = 0; i < 100; i++) {
      if (emulator.state.process.state(server.uuid) === 'running') return server;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('server did not start');
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
    expect((await ws.next('daemon error')).args).toEqual([
      'an unexpected error was encountered while handling this request',
    ]);

    clock += 601_000;
    ws.send('auth', [token]);
    const error = await ws.next('jwt error');
    expect(error.args?.[0]).toMatch(/^Error Event \[[0-9a-f-]{36}\]: jwt: exp claim is invalid$/);
    expect(ws.ws.readyState).toBe(ws.ws.OPEN);
    ws.ws.close();
  });

  it('warns with token expiring and token expired', async () => {
    const server = await runningServer('expiring');
    const { token, socket } = await client.getWebsocketCredentials(server.identifier);
    const ws = await openSocket(socket, origin);
    ws.send('auth', [token]);
    await ws.next('auth success');
    clock += 570_000;
    await ws.next('token expiring');
    clock += 60_000;
    await ws.next('token expired');
    const fresh = await client.getWebsocketCredentials(server.identifier);
    ws.send('auth', [fresh.token]);
    await ws.next('auth success');
    ws.ws.close();
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
    await new Promise((r) => setTimeout(r, 50));
    const last = ws.frames.filter((f) => f.event === 'stats').at(-1);
    expect(JSON.parse(last?.args?.[0] ?? '{}')).toMatchObject({
      state: 'offline',
      memory_bytes: 0,
      cpu_absolute: 0,
      uptime: 0,
    });
    await client.deleteServer(server.id);
    expect(await ws.closed).toEqual({ code: 1001, reason: 'server deleted' });
  });
});
