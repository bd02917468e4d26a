/**
 * The demo's panel emulator as mounted by the product (integrations/emulators.ts): every panel write is on
 * disk before its answer leaves, so a crash right after an answer loses nothing the product saw succeed;
 * ids are not reused after a restart; the panel's rate limits are on unless PTERODACTYL_EMULATOR_RATE_LIMIT
 * turns them off.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPterodactylClient } from '@falkenhost/pterodactyl/client';
import { applyChanges } from '@falkenhost/pterodactyl-emulator/state/database';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type DemoEmulators, mountEmulators, PTERODACTYL_PREFIX } from '../../src/integrations/emulators';
import { type Config, loadConfig } from '../../src/platform/config';
import { freePort } from '../harness';

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

describe('the demo panel emulator kept on disk', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function demoConfig(env: Record<string, string> = {}): Promise<Config> {
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-emulators-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    return loadConfig({
      APP_MODE: 'demo',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dir,
      ...env,
    });
  }

  /** Mounts the emulators as the demo does, keeping them in `dir`; `crash()` drops them without saving. */
  async function mount(config: Config, dir: string) {
    const app: FastifyInstance = Fastify();
    const emulators: DemoEmulators = await mountEmulators(
      app,
      config,
      Date.now,
      { installSeconds: 0.05 },
      dir,
    );
    await app.listen({ port: Number(new URL(config.publicUrl).port), host: '127.0.0.1' });
    const client = createPterodactylClient({
      baseUrl: `${config.publicUrl}${PTERODACTYL_PREFIX}`,
      applicationKey: config.panel.applicationKey,
      clientKey: config.panel.clientKey,
    });
    // A crash: nothing is saved at close (only the timers and sockets are stopped, so that nothing of this
    // instance writes into `dir` later, nor keeps the test's process busy).
    const crash = async () => {
      emulators.halt();
      await app.close();
    };
    return { emulators, client, crash };
  }

  it('has each panel write on disk when its answer arrives, and gives no id twice after a crash', async () => {
    const config = await demoConfig();
    const dir = join(config.dataDir, 'emulators');
    const file = join(dir, 'pterodactyl.json');
    const first = await mount(config, dir);
    const user = await first.client.createUser({
      email: 'kept@example.com',
      username: 'kept',
      first_name: 'Kept',
      last_name: 'User',
      external_id: 'fh-kept',
    });
    // What a process started now would read: the snapshot with the journal's changes.
    const onDisk = () =>
      applyChanges(
        JSON.parse(readFileSync(file, 'utf8')),
        readFileSync(join(dir, 'pterodactyl.journal'), 'utf8')
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line)),
      );
    expect(onDisk().users.some((u) => u.id === user.id)).toBe(true);
    const a = await first.client.createServer({ ...SERVER, name: 'a', user: user.id, external_id: 'fh-a' });
    const b = await first.client.createServer({ ...SERVER, name: 'b', user: user.id, external_id: 'fh-b' });
    await first.client.suspendServer(a.id);
    expect(onDisk().servers.find((s) => s.id === a.id)?.status).toBe('suspended');
    await first.client.deleteServer(b.id);
    expect(onDisk().servers.map((s) => s.id)).toEqual([a.id]);
    expect(onDisk().sequences?.servers).toBe(b.id);
    await first.crash();

    // The restarted demo on another port: the client's kept-alive connections to the first are gone.
    const port = await freePort();
    const second = await mount({ ...config, publicUrl: `http://127.0.0.1:${port}` }, dir);
    cleanup.push(() => second.crash());
    expect(second.emulators.pterodactyl.servers().map((s) => [s.id, s.external_id, s.status])).toEqual([
      [a.id, 'fh-a', 'suspended'],
    ]);
    const c = await second.client.createServer({ ...SERVER, name: 'c', user: user.id, external_id: 'fh-c' });
    expect(c.id).toBe(b.id + 1);
  });

  it('enforces the panel’s rate limits unless PTERODACTYL_EMULATOR_RATE_LIMIT=off', async () => {
    expect((await demoConfig()).panelEmulatorRateLimit).toBe(true);
    const off = await demoConfig({ PTERODACTYL_EMULATOR_RATE_LIMIT: 'off' });
    expect(off.panelEmulatorRateLimit).toBe(false);
    await expect(demoConfig({ PTERODACTYL_EMULATOR_RATE_LIMIT: 'maybe' })).rejects.toThrow(
      'PANEL_EMULATOR_RATE_LIMIT: must be on or off',
    );
    const on = await mount(await demoConfig(), join(off.dataDir, 'on'));
    cleanup.push(() => on.crash());
    expect(on.emulators.pterodactyl.config.rateLimit).toEqual({
      applicationPerMinute: 240,
      clientPerMinute: 720,
    });
    const unlimited = await mount(off, join(off.dataDir, 'off'));
    cleanup.push(() => unlimited.crash());
    expect(unlimited.emulators.pterodactyl.config.rateLimit).toBe(false);
  });
});
