import { createPterodactylClient } from '@falkenhost/pterodactyl/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';

describe('client API resource usage, cached 20 s per server (ResourceUtilizationController)', () => {
  let emulator: RunningEmulator;
  let at = Date.UTC(2026, 0, 1, 12, 0, 0);
  let client: ReturnType<typeof createPterodactylClient>;

  beforeAll(async () => {
    emulator = await startEmulator({ installSeconds: 0.05, statsIntervalMs: 50, now: () => at });
    const { applicationKey, clientKey } = emulator.state.config;
    client = createPterodactylClient({ baseUrl: emulator.url, applicationKey, clientKey, retries: 0 });
  });
  afterAll(() => emulator.close());

  it('answers the same usage and state for 20 s, then asks Wings again', async () => {
    const created = await client.createServer({
      name: 'cached',
      user: 1,
      egg: 1,
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'java -jar {{SERVER_JARFILE}}',
      environment: { SERVER_JARFILE: 'server.jar', DL_VERSION: 'latest' },
      limits: { memory: 1024, swap: 0, disk: 1024, io: 500, cpu: 100 },
      feature_limits: { databases: 0, backups: 0 },
      deploy: { locations: [1], dedicated_ip: false, port_range: [] },
    });
    const identifier = created.identifier;
    await expect.poll(() => emulator.state.process.state(created.uuid), { timeout: 5000 }).toBe('running');
    const first = await client.getResources(identifier);
    expect(first.current_state).toBe('running');

    emulator.state.process.signal(created.uuid, 'kill');
    expect(emulator.state.process.state(created.uuid)).toBe('offline');
    // A failure of Wings is not even asked for while the answer is cached.
    emulator.state.failNext('resources');
    at += 19_999;
    expect(await client.getResources(identifier)).toEqual(first);

    at += 1;
    await expect(client.getResources(identifier)).rejects.toMatchObject({ status: 504 });
    const fresh = await client.getResources(identifier);
    expect(fresh.current_state).toBe('offline');
    expect(fresh.resources.uptime).toBe(0);
  });
});
