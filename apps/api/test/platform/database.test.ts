/**
 * The database handle's fast paths: prepared SQLite statements are reused by SQL text, and reads run at
 * once on SQLite only outside transactions, answering the first row's values (firstRowNow).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { firstRowNow, openDatabase, withStatementCache } from '../../src/platform/db/database';
import { DATABASES } from '../harness';

describe('prepared statements kept by SQL text', () => {
  it('prepares each SQL text once and keeps at most `max`', () => {
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-stmt-'));
    const sqlite = new SQLite(join(dir, 'db.sqlite'));
    try {
      sqlite.exec('create table t (x integer)');
      const prepared: string[] = [];
      const prepare = sqlite.prepare.bind(sqlite);
      sqlite.prepare = ((text: string) => {
        prepared.push(text);
        return prepare(text);
      }) as typeof sqlite.prepare;
      const db = withStatementCache(sqlite, 2);
      for (let i = 0; i < 3; i++) db.prepare('insert into t (x) values (?)').run([i]);
      expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 3 }]);
      expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 3 }]);
      expect(prepared).toEqual(['insert into t (x) values (?)', 'select count(*) as n from t']);
      // A third text pushes out the least recently used, which is then prepared again.
      expect(db.prepare('select max(x) as m from t').all([])).toEqual([{ m: 2 }]);
      db.prepare('insert into t (x) values (?)').run([3]);
      expect(prepared).toHaveLength(4);
    } finally {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reads run at once on SQLite (firstRowNow)', () => {
  it('answers the first row outside transactions, and undefined inside one, so nothing uncommitted is read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-now-'));
    const database = await openDatabase(`sqlite:${join(dir, 'db.sqlite')}`);
    try {
      await sql`create table t (x integer, y text)`.execute(database.db);
      await sql`insert into t (x, y) values (1, 'one')`.execute(database.db);
      // The values in the statement's column order; the same text through Kysely still answers objects.
      const read = () => firstRowNow(database.db, 'select y, x from t where x >= ? order by x desc', [1]);
      expect(read()).toEqual(['one', 1]);
      const { rows } = await sql`select y, x from t where x >= ${1} order by x desc`.execute(database.db);
      expect(rows).toEqual([{ y: 'one', x: 1 }]);
      expect(firstRowNow(database.db, 'select y, x from t where x >= ? order by x desc', [5])).toBeNull();
      await database.db.transaction().execute(async (trx) => {
        await sql`insert into t (x, y) values (2, 'two')`.execute(trx);
        // The uncommitted row would be visible on the same connection: the caller must go through Kysely.
        expect(read()).toBeUndefined();
      });
      expect(read()).toEqual(['two', 2]);
      // A transaction that rolled back leaves nothing behind, and reads run at once again.
      await expect(
        database.db.transaction().execute(async (trx) => {
          await sql`insert into t (x, y) values (3, 'three')`.execute(trx);
          expect(read()).toBeUndefined();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(read()).toEqual(['two', 2]);
    } finally {
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Declared where PostgreSQL is given (CI), as the other tests of both databases are.
  if (DATABASES.includes('postgres')) {
    it('answers undefined on PostgreSQL (the caller goes through Kysely)', async () => {
      const database = await openDatabase(process.env.DATABASE_URL as string);
      try {
        expect(firstRowNow(database.db, 'select 1 as x', [])).toBeUndefined();
      } finally {
        await database.destroy();
      }
    });
  }
});
