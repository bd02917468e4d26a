import { createPterodactylClient } from '@falkenhost/pterodactyl/client';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/server';
import { openSocket } from './socket-client';

describe('snapshot and restore', () => {
  const running: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const emulator of running.splice(0)) await emulator.close();
  });

  it('keeps users and servers across a restart, and the restored server streams stats again', async () => {
    const first = await startEmulator({ installSeconds: 0.05, statsIntervalMs: 50 });
    running.push(first);
    const { applicationKey, clientKey } = first.state.config;
    const client = createPterodactylClient({ baseUrl: first.url, applicationKey, clientKey });
    const user = await client.createUser({
      email: 'kept@example.com',
      username: 'kept_user',
      first_name: 'Kept',
      last_name: 'User',
      external_id: 'kept-1',
    });
    const server = await client.createServer({
      name: 'kept server',
      user: user.id,
      egg: 1,
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'java -jar {{SERVER_JARFILE}}',
      environment: { SERVER_JARFILE: 'server.jar', DL_VERSION: 'latest' },
      limits: { memory: 1024, swap: 0, disk: 1024, io: 500, cpu: 100 },
      feature_limits: { databases: 0, backups: 0 },
      allocation: { default: 1 },
      external_id: 'kept-server-1',
    });
    // Installed before the snapshot is taken.
    await expect.poll(async () => (await client.getServer(server.id)).status).toBeNull();
    const snapshot = JSON.parse(JSON.stringify(first.state.snapshot()));

    const second = await startEmulator({
      installSeconds: 0.05,
      statsIntervalMs: 50,
      applicationKey,
      clientKey,
    });
    running.push(second);
    second.state.restore(snapshot);
    const again = createPterodactylClient({ baseUrl: second.url, applicationKey, clientKey });
    expect(await again.getUserByExternalId('kept-1')).toMatchObject({
      id: user.id,
      email: 'kept@example.com',
    });
    expect(await again.getServerByExternalId('kept-server-1')).toMatchObject({
      uuid: server.uuid,
      status: null,
    });
    // Its allocation stays taken.
    const free = await again.listNodeAllocations(1, { unassignedOnly: true });
    expect(free.some((a) => a.id === 1)).toBe(false);

    const { token, socket } = await again.getWebsocketCredentials(server.identifier);
    const ws = await openSocket(socket, new URL(second.url).origin);
    ws.send('auth', [token]);
    const stats = await ws.next('stats');
    expect(stats.event).toBe('stats');
    ws.ws.close();
  });
});
