import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPterodactylClient } from '@falkenhost/pterodactyl/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';
import { openPanelStore, type PanelStore } from '../src/state/persist';

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

describe('the panel kept on disk: snapshot and journal', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  /** An emulator whose changes go to a store in `dir` (opened on what the folder holds). */
  async function open(dir: string, compactEvery = 1000, installSeconds = 0.05) {
    let emulator: RunningEmulator | undefined;
    const store: PanelStore = openPanelStore(dir, () => emulator?.state.serialize() ?? '{}', {
      compactEvery,
    });
    emulator = await startEmulator({
      installSeconds,
      statsIntervalMs: 50,
      onChange: (change) => store.record(change),
    });
    if (store.loaded) emulator.state.restore(store.loaded);
    const { applicationKey, clientKey } = emulator.state.config;
    const client = createPterodactylClient({ baseUrl: emulator.url, applicationKey, clientKey });
    const running = emulator;
    cleanup.push(() => running.close());
    return { emulator: running, store, client };
  }

  function folder(): string {
    const dir = mkdtempSync(join(tmpdir(), 'panel-store-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  it('restores every answered change from the journal after a kill, and drops a line cut short', async () => {
    const dir = folder();
    const first = await open(dir);
    first.store.compact();
    const a = await first.client.createServer({ ...SERVER, name: 'a', external_id: 'j-a' });
    const b = await first.client.createServer({ ...SERVER, name: 'b', external_id: 'j-b' });
    await first.client.suspendServer(a.id);
    await first.client.deleteServer(b.id);
    expect(readFileSync(join(dir, 'pterodactyl.journal'), 'utf8').trim().split('\n').length).toBeGreaterThan(
      3,
    );
    // Killed while writing a change nobody was answered for.
    appendFileSync(join(dir, 'pterodactyl.journal'), '{"rows":{"servers":[{"id":');

    const second = await open(dir);
    expect(second.emulator.state.servers().map((s) => [s.id, s.external_id, s.status])).toEqual([
      [a.id, 'j-a', 'suspended'],
    ]);
    const freed = second.emulator.state.db.allocations.find((x) => x.id === b.allocation);
    expect(freed?.server_id).toBeNull();
    const c = await second.client.createServer({ ...SERVER, name: 'c', external_id: 'j-c' });
    expect(c.id).toBe(b.id + 1);
  });

  it('compacts into a new snapshot every so many changes; replaying lines it holds changes nothing', async () => {
    const dir = folder();
    // Installs take long here: no change but the test's own.
    const first = await open(dir, 3, 60);
    first.store.compact();
    const journal = join(dir, 'pterodactyl.journal');
    const a = await first.client.createServer({ ...SERVER, name: 'a', external_id: 'k-a' });
    await first.client.suspendServer(a.id);
    expect(readFileSync(journal, 'utf8').trim().split('\n')).toHaveLength(2);
    await first.client.unsuspendServer(a.id);
    // The third change made the snapshot; the journal starts again.
    expect(readFileSync(journal, 'utf8')).toBe('');
    const snapshot = JSON.parse(readFileSync(join(dir, 'pterodactyl.json'), 'utf8'));
    expect(snapshot.servers.find((s: { id: number }) => s.id === a.id).status).toBe('installing');
    await first.client.suspendServer(a.id);
    const lines = readFileSync(journal, 'utf8');
    // A crash between a snapshot's rename and the journal's truncation leaves lines the snapshot holds.
    first.store.compact();
    appendFileSync(journal, lines);
    const second = await open(dir);
    expect(second.emulator.state.servers().find((s) => s.id === a.id)?.status).toBe('suspended');
  });

  it('holds every answer until the last change is kept, and answers 500 when keeping it failed', async () => {
    let release: (() => void) | undefined;
    let fail: ((error: Error) => void) | undefined;
    const emulator = await startEmulator({
      onChange: () =>
        new Promise<void>((resolve, reject) => {
          release = resolve;
          fail = reject;
        }),
    });
    cleanup.push(() => emulator.close());
    const { applicationKey, clientKey } = emulator.state.config;
    const client = createPterodactylClient({ baseUrl: emulator.url, applicationKey, clientKey, retries: 0 });
    // Every answer waits at `durable()` (called once per answer) until the change is kept.
    const gate = vi.spyOn(emulator.state, 'durable');
    let answered = false;
    const creating = client
      .createUser({ email: 'held@example.com', username: 'held', first_name: 'H', last_name: 'D' })
      .then((user) => {
        answered = true;
        return user;
      });
    await expect.poll(() => release !== undefined).toBe(true);
    // A read made meanwhile waits as well: it could show the change. Both answers are at the gate
    // before we look, so the check below is not a race.
    let listed = false;
    const listing = client.listServers().then(() => {
      listed = true;
    });
    await expect.poll(() => gate.mock.calls.length).toBe(2);
    expect([answered, listed]).toEqual([false, false]);
    release?.();
    expect((await creating).email).toBe('held@example.com');
    await listing;

    const failing = client.createUser({
      email: 'lost@example.com',
      username: 'lost',
      first_name: 'L',
      last_name: 'O',
    });
    await expect.poll(() => emulator.state.db.users.some((u) => u.email === 'lost@example.com')).toBe(true);
    fail?.(new Error('disk full'));
    await expect(failing).rejects.toMatchObject({ status: 500 });
    // Nothing is held any more once the failed write has settled.
    expect(await client.listServers()).toEqual([]);
  });
});
