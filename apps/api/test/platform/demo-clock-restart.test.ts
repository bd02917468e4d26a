/**
 * The demo clock across a restart (issue 28 point 8; lib/clock.ts createPersistentClock): moved forward
 * with POST /api/dev/clock, the demo is stopped and started again on the same data folder, and its clock
 * goes on from where it was, not from the wall clock behind it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type ProductServer } from '../../src/app/server';
import { createPersistentClock, DAY_MS } from '../../src/platform/clock';
import { loadConfig } from '../../src/platform/config';
import { freePort } from '../harness';

describe('the demo clock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'falkenhost-clock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The demo as `npm start` builds it (its own clock, no test clock), on `dir`. */
  async function startDemo(): Promise<{ server: ProductServer; url: string }> {
    const port = await freePort();
    const config = loadConfig({
      APP_MODE: 'demo',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${join(dir, 'demo.db')}`,
      ALTCHA_COST: '40',
    });
    const server = await createServer(config, { logger: false });
    await server.app.listen({ port, host: '127.0.0.1' });
    return { server, url: config.publicUrl };
  }

  const clockOf = async (url: string) =>
    Date.parse(((await (await fetch(`${url}/api/dev/clock`)).json()) as { now: string }).now);

  it('is not earlier after a restart than it was moved to before', async () => {
    const first = await startDemo();
    const start = await clockOf(first.url);
    const moved = await fetch(`${first.url}/api/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceHours: 72 }),
    });
    expect(moved.status).toBe(200);
    const before = await clockOf(first.url);
    expect(before).toBeGreaterThanOrEqual(start + 3 * DAY_MS);
    await first.server.close({ graceMs: 100 });

    const second = await startDemo();
    try {
      expect(await clockOf(second.url)).toBeGreaterThanOrEqual(before);
    } finally {
      await second.server.close({ graceMs: 100 });
    }
  });

  it('keeps its offset in a file: a missing or broken file is no offset, an advance never moves it back', () => {
    let wall = 1_000_000;
    const file = join(dir, 'unit', 'clock.json');
    const clock = createPersistentClock(file, () => wall);
    expect(clock.now()).toBe(1_000_000);
    clock.advance(5_000);
    wall += 10;
    expect(createPersistentClock(file, () => wall).now()).toBe(1_005_010);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(createPersistentClock(join(dir, 'none.json'), () => wall).now()).toBe(wall);
  });
});
