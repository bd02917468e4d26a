/**
 * Two processes on one SQLite file (docs/operations.md "Two instances"): a transaction that reads and then
 * writes must not fail because another connection wrote in between. With SQLite's default deferred BEGIN it
 * does, at once and whatever the busy timeout (SQLITE_BUSY); the product begins its transactions IMMEDIATE.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/database';
import { migrateToLatest } from '../../src/platform/db/migrate';

describe('one SQLite file shared by two processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'falkenhost-sqlite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lets a transaction that reads, then writes, commit while another connection wants to write', async () => {
    const file = join(dir, 'shared.db');
    const product = await openDatabase(`sqlite:${file}`);
    await migrateToLatest(product);
    // The other instance's connection; it does not wait, so the test shows who holds the lock.
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    const write = other.prepare("insert into job_runs (name, last_hour) values ('other', 1)");
    let otherWrote = true;
    await product.db.transaction().execute(async (trx) => {
      await trx.selectFrom('job_runs').selectAll().execute();
      // Another process writes between our read and our write: it must wait for our transaction ...
      try {
        write.run();
      } catch (error) {
        otherWrote = false;
        expect(String(error)).toMatch(/locked|busy/i);
      }
      // ... and our write goes through (a deferred transaction would fail here with SQLITE_BUSY).
      await sql`insert into job_runs (name, last_hour) values ('ours', 1)`.execute(trx);
    });
    expect(otherWrote).toBe(false);
    // Once we committed, the other connection writes.
    write.run();
    const names = (await product.db.selectFrom('job_runs').select('name').orderBy('name').execute()).map(
      (r) => r.name,
    );
    expect(names).toEqual(['other', 'ours']);
    other.close();
    await product.destroy();
  });
});
