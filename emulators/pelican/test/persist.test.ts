/**
 * The Pelican panel kept on disk through the shared journal store: every answered change survives a kill
 * (the store never closed), a line cut short by the kill is dropped, and answers wait for the change.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JournalStore, openJournalStore } from '@falkenhost/pterodactyl-emulator/state/journal';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningPelicanEmulator, startPelicanEmulator } from '../src/server';
import { applyPelicanChanges, type PelicanChange } from '../src/state/journal';
import type { PelicanSnapshot } from '../src/state/state';

describe('the Pelican panel kept on disk: snapshot and journal', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  function folder(): string {
    const dir = mkdtempSync(join(tmpdir(), 'pelican-store-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** An emulator whose changes go to a store in `dir`, restored from what the folder holds. */
  async function open(dir: string, onChange?: (change: PelicanChange) => Promise<void>) {
    let emulator: RunningPelicanEmulator | undefined;
    const store: JournalStore<PelicanSnapshot, PelicanChange> = openJournalStore(
      dir,
      () => emulator?.state.serialize() ?? '{}',
      applyPelicanChanges,
      { name: 'pelican' },
    );
    emulator = await startPelicanEmulator({
      installSeconds: 0.05,
      statsIntervalMs: 50,
      onChange: onChange ?? ((change) => store.record(change)),
    });
    if (store.loaded) emulator.state.restore(store.loaded);
    const running = emulator;
    cleanup.push(() => running.close());
    const app = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${running.url}/api/application${path}`, {
        method,
        headers: {
          authorization: `Bearer ${running.state.config.applicationKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    return { emulator: running, store, app };
  }

  const server = (owner: number, externalId: string) => ({
    name: externalId,
    external_id: externalId,
    user: owner,
    egg: 1,
    environment: { SERVER_JARFILE: 'server.jar', VANILLA_VERSION: 'latest' },
    limits: { memory: 1024, swap: 0, disk: 1024, io: 500, cpu: 100 },
    feature_limits: { databases: 0, backups: 0 },
    deploy: { tags: ['de-fsn'], dedicated_ip: false, port_range: ['25565-25664'] },
  });

  it('restores every answered change from the journal after a kill, and drops a line cut short', async () => {
    const dir = folder();
    const first = await open(dir);
    first.store.compact();
    const owner = first.emulator.state.keyOwner().id;
    const a = (await first.app('POST', '/servers', server(owner, 'j-a'))).body.attributes;
    const b = (await first.app('POST', '/servers', server(owner, 'j-b'))).body.attributes;
    expect((await first.app('POST', `/servers/${a.id}/suspend`)).status).toBe(204);
    expect((await first.app('DELETE', `/servers/${b.id}/force`)).status).toBe(204);
    const journal = join(dir, 'pelican.journal');
    expect(readFileSync(journal, 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(4);
    // Killed (the store is never closed) while writing a change nobody was answered for.
    appendFileSync(journal, '{"rows":{"servers":[{"id":');

    const second = await open(dir);
    expect(second.emulator.state.servers().map((s) => [s.id, s.external_id, s.status])).toEqual([
      [a.id, 'j-a', 'suspended'],
    ]);
    expect(second.emulator.state.db.allocations.find((x) => x.id === b.allocation)?.server_id).toBeNull();
    const c = (await second.app('POST', '/servers', server(owner, 'j-c'))).body.attributes;
    expect(c.id).toBe(b.id + 1);
  });

  it('keeps a finished install, which no answer reports, and a startup change', async () => {
    const dir = folder();
    const first = await open(dir);
    first.store.compact();
    const owner = first.emulator.state.keyOwner().id;
    const a = (await first.app('POST', '/servers', server(owner, 'i-a'))).body.attributes;
    expect(a.status).toBe('installing');
    const changed = await first.app('PATCH', `/servers/${a.id}/startup`, {
      egg: a.egg,
      startup: 'java -jar kept.jar',
      environment: {},
      skip_scripts: false,
    });
    expect(changed.status).toBe(200);
    await expect
      .poll(() => readFileSync(join(dir, 'pelican.journal'), 'utf8').includes('"status":null'))
      .toBe(true);
    const second = await open(dir);
    expect(second.emulator.state.servers().find((s) => s.id === a.id)).toMatchObject({
      status: null,
      startup: 'java -jar kept.jar',
    });
  });

  it('answers 500 when keeping a change failed', async () => {
    const { app, emulator } = await open(folder(), () => Promise.reject(new Error('disk full')));
    const res = await app('POST', '/servers', server(emulator.state.keyOwner().id, 'f-a'));
    expect(res.status).toBe(500);
  });
});
