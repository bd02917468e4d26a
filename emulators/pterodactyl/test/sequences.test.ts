import { createPterodactylClient } from '@falkenhost/pterodactyl/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';
import type { EmulatorSnapshot, EmulatorStateOptions } from '../src/state/state';

const SERVER = {
  user: 1,
  egg: 1,
  docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
  startup: 'java -jar {{SERVER_JARFILE}}',
  environment: { SERVER_JARFILE: 'server.jar', DL_VERSION: 'latest' },
  limits: { memory: 1024, swap: 0, disk: 1024, io: 500, cpu: 100 },
  feature_limits: { databases: 0, backups: 0 },
  deploy: { locations: [1], dedicated_ip: false, port_range: [] },
};

describe('ids and durability', () => {
  const running: RunningEmulator[] = [];
  afterEach(async () => {
    for (const emulator of running.splice(0)) await emulator.close();
  });

  async function start(options: Omit<EmulatorStateOptions, 'publicUrl' | 'wingsSocketBase'> = {}) {
    const emulator = await startEmulator({ installSeconds: 0.05, statsIntervalMs: 50, ...options });
    running.push(emulator);
    const { applicationKey, clientKey } = emulator.state.config;
    const client = createPterodactylClient({ baseUrl: emulator.url, applicationKey, clientKey });
    return { emulator, client };
  }

  it('never gives a deleted server’s id again, also after a snapshot is restored', async () => {
    const { emulator, client } = await start();
    const a = await client.createServer({ ...SERVER, name: 'a', external_id: 'seq-a' });
    const b = await client.createServer({ ...SERVER, name: 'b', external_id: 'seq-b' });
    await client.deleteServer(b.id);
    const c = await client.createServer({ ...SERVER, name: 'c', external_id: 'seq-c' });
    expect(c.id).toBe(b.id + 1);
    await client.deleteServer(c.id);
    const snapshot = JSON.parse(JSON.stringify(emulator.state.snapshot())) as EmulatorSnapshot;
    expect(snapshot.sequences?.servers).toBe(c.id);

    const second = await start({
      applicationKey: emulator.state.config.applicationKey,
      clientKey: emulator.state.config.clientKey,
    });
    second.emulator.state.restore(snapshot);
    const d = await second.client.createServer({ ...SERVER, name: 'd', external_id: 'seq-d' });
    expect(d.id).toBe(c.id + 1);
    expect(second.emulator.state.servers().map((s) => s.id)).toEqual([a.id, d.id]);
    const user = await second.client.createUser({
      email: 'seq@example.com',
      username: 'seq_user',
      first_name: 'Seq',
      last_name: 'User',
    });
    expect(user.id).toBe(Math.max(...snapshot.users.map((u) => u.id)) + 1);
  });

  it('loads a snapshot of an older version (no sequences) and continues after the largest id', async () => {
    const { emulator, client } = await start();
    const a = await client.createServer({ ...SERVER, name: 'a', external_id: 'old-a' });
    const { sequences: _, ...old } = emulator.state.snapshot();
    const second = await start();
    second.emulator.state.restore(old);
    expect(second.emulator.state.nextId('servers')).toBe(a.id + 1);
    // A snapshot whose sequence lags behind its rows (edited by hand) never makes an id collide.
    second.emulator.state.restore({ ...old, sequences: { servers: 0 } });
    expect(second.emulator.state.nextId('servers')).toBe(a.id + 1);
  });

  it('reports every change of the tables before the answer leaves, install completion included', async () => {
    const saved: EmulatorSnapshot[] = [];
    let emulator: RunningEmulator | undefined;
    const { client } = await start({
      installSeconds: 0.2,
      onChange: () => {
        if (emulator) saved.push(emulator.state.snapshot());
      },
    });
    emulator = running.at(-1);
    const last = () => saved.at(-1);
    const user = await client.createUser({
      email: 'durable@example.com',
      username: 'durable',
      first_name: 'Dur',
      last_name: 'Able',
    });
    expect(last()?.users.some((u) => u.id === user.id)).toBe(true);
    const server = await client.createServer({
      ...SERVER,
      name: 'durable',
      user: user.id,
      external_id: 'dur',
    });
    expect(last()?.servers.find((s) => s.id === server.id)?.status).toBe('installing');
    await expect.poll(() => last()?.servers.find((s) => s.id === server.id)?.installed).toBe(true);
    await client.updateServerBuild(server.id, {
      allocation: server.allocation,
      limits: { memory: 2048, swap: 0, disk: 1024, io: 500, cpu: 100 },
      feature_limits: { databases: 0, backups: 0 },
    });
    expect(last()?.servers.find((s) => s.id === server.id)?.limits.memory).toBe(2048);
    await client.updateServerDetails(server.id, { name: 'renamed', user: user.id, external_id: 'dur' });
    expect(last()?.servers.find((s) => s.id === server.id)?.name).toBe('renamed');
    await client.suspendServer(server.id);
    expect(last()?.servers.find((s) => s.id === server.id)?.status).toBe('suspended');
    await client.unsuspendServer(server.id);
    expect(last()?.servers.find((s) => s.id === server.id)?.status).toBeNull();
    await client.deleteServer(server.id);
    expect(last()?.servers.some((s) => s.id === server.id)).toBe(false);
    const count = saved.length;
    // Reads change nothing and report nothing.
    await client.getServer(server.id).catch(() => undefined);
    await client.listNodes();
    expect(saved.length).toBe(count);
  });
});
