/**
 * The databases a bench runs on: a temp SQLite file (WAL, as openDatabase opens it), PostgreSQL at
 * DATABASE_URL, or a throwaway PostgreSQL cluster on 127.0.0.1 started here as .ci/run does.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDatabase } from '../../apps/api/src/platform/db/database';
import { freePort } from './demo';

/** An opened database and how to remove it. */
export type Opened = { db: Db; cleanup: () => Promise<void> };

/** A fresh SQLite file in a temp folder, removed by `cleanup`. */
export async function openSqlite(): Promise<Opened> {
  const dir = mkdtempSync(join(tmpdir(), 'falkenhost-bench-'));
  const db = await openDatabase(`sqlite:${join(dir, 'bench.db')}`);
  return {
    db,
    async cleanup() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens a fresh schema of the PostgreSQL at `url` each call, dropped by `cleanup`. */
export function postgresOpener(url: string): () => Promise<Opened> {
  return async () => {
    const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
    const db = await openDatabase(url, { schema, poolSize: 2 });
    return {
      db,
      async cleanup() {
        await db.db.schema
          .dropSchema(schema)
          .ifExists()
          .cascade()
          .execute()
          .catch(() => undefined);
        await db.destroy();
      },
    };
  };
}

/** A throwaway PostgreSQL cluster on 127.0.0.1 (as .ci/run starts one), or null when none is installed. */
export async function startCluster(): Promise<{ url: string; stop: () => void } | null> {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin/initdb')))
        .sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b))
    : [];
  const version = versions.at(-1);
  if (!version) return null;
  const bin = join(root, version, 'bin');
  const asPostgres = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    asPostgres
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'falkenhost-bench-pg-'));
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already down
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (asPostgres) execFileSync('chown', ['postgres', dir]);
    run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres']);
    const port = await freePort();
    started = true;
    run('pg_ctl', [
      '-D',
      dir,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    run('psql', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-qc',
      'CREATE DATABASE falkenhost_bench',
    ]);
    return { url: `postgres://postgres@127.0.0.1:${port}/falkenhost_bench`, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** A package row for the benches: `fields` over a fixed Minecraft-like size (its sizes play no part). */
export function benchPackage(
  fields: { id?: number; name: string; game_id: number; credits_monthly: number },
  now: number,
) {
  return {
    ...fields,
    thumbnail_url: '/bench.png',
    vcpu: 100,
    io: 500,
    slots: 10,
    storage_size: 10,
    ram_size: 2048,
    swap: 0,
    databases: 0,
    backups: 0,
    ports: 1,
    active: 1,
    created_at: now,
  };
}
