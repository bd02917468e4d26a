import { createPterodactylClient } from '@falkenhost/pterodactyl/client';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../src/server';
import { openSocket } from './socket-client';

const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('cleanup', () => {
  it('leaves no timers behind once the app is closed (sockets, stats, install)', async () => {
    const baseline = timeouts();
    const emulator = await startEmulator({
      installSeconds: 0.1,
      statsIntervalMs: 100,
      tokenCheckIntervalMs: 100,
    });
    const { applicationKey, clientKey } = emulator.state.config;
    const client = createPterodactylClient({ baseUrl: emulator.url, applicationKey, clientKey });
    const body = (allocation: number) => ({
      name: 'cleanup',
      user: 1,
      egg: 1,
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'java -jar {{SERVER_JARFILE}}',
      environment: { SERVER_JARFILE: 'server.jar', DL_VERSION: 'latest' },
      limits: { memory: 1024, swap: 0, disk: 1024, io: 500, cpu: 100 },
      feature_limits: { databases: 0, backups: 0 },
      allocation: { default: allocation },
    });
    const server = await client.createServer(body(1));
    await expect
      .poll(async () => (await client.getServer(server.id)).status, { timeout: 2_500, interval: 25 })
      .toBeNull();
    const { token, socket } = await client.getWebsocketCredentials(server.identifier);
    const ws = await openSocket(socket, new URL(emulator.url).origin);
    ws.send('auth', [token]);
    await ws.next('stats');
    await client.createServer(body(2));
    expect(timeouts()).toBeGreaterThan(baseline);
    await emulator.close();
    await ws.closed;
    await expect.poll(() => timeouts()).toBeLessThanOrEqual(baseline);
  });
});
