/**
 * Benchmark of the hourly billing tick (figures, not pass/fail): `billHourlyServers` of
 * apps/api/src/servers/hourly-billing.ts over 1 000, 10 000 and 100 000 hourly servers with one hour due each,
 * on SQLite (a temp file in WAL mode, as openDatabase opens it) and on PostgreSQL.
 *
 * For each database and size, in this one process: a fresh, migrated database is filled in bulk (not
 * timed); then one tick is timed (wall clock) while the event loop's delay is sampled every 10 ms (the
 * histogram's max is the longest interval between two samples, so it overstates a block by at most 10 ms);
 * its work is checked (one `server-hour` ledger row per server, balances down by exactly N hourly prices);
 * a second tick with nothing due is timed; and the floor is one bare UPDATE of the same N rows. The plans
 * of the first batch's claim and of the idle tick's one statement are shown (on PostgreSQL with the rows
 * each plan node read: EXPLAIN ANALYZE in a transaction rolled back). PostgreSQL's tables are analyzed
 * after the bulk fill, as autovacuum would have by then. One unprinted warm-up run of 1 000 servers per
 * database comes first.
 *
 * The CPU time of this process during the tick is printed beside the wall clock (on PostgreSQL it leaves
 * out the server's work). Two cases: every customer can pay; and every tenth customer is out of credits,
 * so a tenth of the servers is suspended (state, panel task and mail each), which is checked too.
 *
 * Targets (issue 7): 100 000 servers in at most 5 s on SQLite and 10 s on PostgreSQL; cost linear in
 * servers (ms per 1 000 servers about constant); no event-loop block over 50 ms; the idle tick reads one
 * index range (`user_packages_billing_due`). Issue 31: with a tenth of the customers out of credits, at
 * most 3 s on SQLite and 6 s on PostgreSQL, and linear from 10 000 to 100 000.
 *
 * PostgreSQL: DATABASE_URL when it is a postgres:// URL on 127.0.0.1; else a throwaway cluster started
 * here (as .ci/run does) when /usr/lib/postgresql/<version>/bin/initdb exists; else skipped. Each run
 * uses its own schema, dropped afterwards.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { hourlyUnits } from '@falkenhost/contracts/money';
import { type KyselyPlugin, type PluginTransformQueryArgs, sql } from 'kysely';
import { hourStart } from '../apps/api/src/platform/clock';
import type { AppContext } from '../apps/api/src/platform/context';
import type { Db } from '../apps/api/src/platform/db/database';
import { migrateToLatest } from '../apps/api/src/platform/db/migrate';
import { billHourlyServers } from '../apps/api/src/servers/hourly-billing';
import { benchPackage, type Opened, openSqlite, postgresOpener, startCluster } from './lib/databases';

/** BENCH_SIZES (comma-separated) and BENCH_CASES (solvent, insolvent) narrow a run while profiling. */
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const CASES = (process.env.BENCH_CASES ?? 'solvent,insolvent').split(',');
/** BENCH_DATABASES (sqlite, postgres) */
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const SERVERS_PER_USER = 4;
const MONTHLY = 100 * 10_000;
const USER_CREDITS = 1_000 * 10_000;
const CHUNK = 1_000;
const RESOLUTION_MS = 10;
const TARGET_MS: Record<Db['dialect'], number> = { sqlite: 5_000, postgres: 10_000 };
/** Issue 31: with every tenth customer out of credits (10 000 suspensions at 100 000 servers) */
const INSOLVENT_TARGET_MS: Record<Db['dialect'], number> = { sqlite: 3_000, postgres: 6_000 };
const MAX_BLOCK_MS = 50;

interface Figures {
  servers: number;
  setupS: number;
  tickMs: number;
  /** this process's CPU time during the tick (user + system): steadier than the wall clock on a shared machine */
  cpuMs: number;
  floorMs: number;
  loopMaxMs: number | null;
  idleMs: number;
  statements: number;
  check: string;
  claimPlan: string;
  idlePlan: string;
}

/** Counts the statements the product executes (only an executed statement reaches transformResult). */
class Counter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }
  async transformResult<T>(args: { result: T }): Promise<T> {
    this.count++;
    return args.result;
  }
}

const noop = () => undefined;
const log = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop, silent: noop };

const ms = (start: number) => performance.now() - start;
const fmt = (n: number, digits = 0) =>
  n
    .toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    .replace(/,/g, ' ');

/** Every BROKE_EVERY-th customer has no credits in the insolvent case (their servers are suspended). */
const BROKE_EVERY = 10;

async function fill(db: Db['db'], servers: number, now: number, insolvent: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const game = await trx
      .insertInto('games')
      .values({
        name: 'Bench Game',
        desktop: 1,
        console: 0,
        mobile: 0,
        priority: 1,
        active: 1,
        image_url: '/bench.png',
        thumbnail_url: '/bench.png',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pkg = await trx
      .insertInto('packages')
      .values(benchPackage({ name: 'Bench Package', game_id: game.id, credits_monthly: MONTHLY }, now))
      .returning('id')
      .executeTakeFirstOrThrow();
    const users = servers / SERVERS_PER_USER;
    for (let first = 1; first <= users; first += CHUNK) {
      const ids = Array.from({ length: Math.min(CHUNK, users - first + 1) }, (_, i) => first + i);
      await trx
        .insertInto('users')
        .values(
          ids.map((id) => ({
            id,
            username: `bench${id}`,
            email: `bench${id}@example.com`,
            first_name: 'Bench',
            last_name: 'User',
            password_hash: 'x',
            role: 'customer',
            credits: insolvent && id % BROKE_EVERY === 0 ? 0 : USER_CREDITS,
            email_verified: 1,
            language: ['en', 'cs', 'sk', 'de', 'fr'][id % 5] as string,
            time_zone: 'Europe/Prague',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    for (let first = 0; first < servers; first += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, servers - first) }, (_, i) => first + i);
      await trx
        .insertInto('user_packages')
        .values(
          rows.map((i) => ({
            user_id: Math.floor(i / SERVERS_PER_USER) + 1,
            package_id: pkg.id,
            name: `bench-${i}`,
            billing_type: 'hourly',
            status: 'paid',
            egg_id: 1,
            nest_id: 1,
            location_id: 1,
            credits_monthly: MONTHLY,
            billed_until: hourStart(now),
            scheduled: 0,
            created_at: now,
          })),
        )
        .execute();
    }
  });
}

async function balanceSum(db: Db['db']): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.sum<number | string>('credits').as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

function tickContext(db: Db, kysely: Db['db'], now: number): AppContext {
  return {
    db: kysely,
    dialect: db.dialect,
    now: () => now,
    config: { suspendDays: 7 },
    log,
  } as unknown as AppContext;
}

/**
 * The first statement a tick runs (the select of its first batch's claim), caught as it is compiled, before it
 * runs: the tick's transaction rolls back and nothing changes.
 */
async function firstStatement(db: Db, now: number): Promise<PluginTransformQueryArgs> {
  const stop = new Error('caught');
  let caught: PluginTransformQueryArgs | undefined;
  const probe: KyselyPlugin = {
    transformQuery(args) {
      caught = args;
      throw stop;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  await billHourlyServers(tickContext(db, db.db.withPlugin(probe), now)).catch((error) => {
    if (error !== stop) throw error;
  });
  if (!caught) throw new Error('the tick ran no statement');
  return caught;
}

/**
 * A statement's plan on one line, in a transaction rolled back afterwards: SQLite's EXPLAIN QUERY PLAN;
 * on PostgreSQL the plan nodes with the rows each read (EXPLAIN ANALYZE).
 */
async function planOf(db: Db, statement: PluginTransformQueryArgs): Promise<string> {
  const compiled = db.db.getExecutor().compileQuery(statement.node, statement.queryId);
  const prefix =
    db.dialect === 'sqlite'
      ? 'EXPLAIN QUERY PLAN '
      : 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ';
  const rollback = new Error('rollback');
  let rows: Record<string, string>[] = [];
  await db.db
    .transaction()
    .execute(async (trx) => {
      rows = (await trx.executeQuery<Record<string, string>>({ ...compiled, sql: prefix + compiled.sql }))
        .rows;
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
  if (db.dialect === 'sqlite') return rows.map((r) => r.detail).join(' | ');
  return rows
    .map((r) => String(r['QUERY PLAN']).trim())
    .filter((l) => !/^[A-Z][A-Za-z ]*:/.test(l))
    .map((l) => l.replace(/^->\s*/, '').replace(/\(actual rows=(\d+) loops=\d+\)/, '($1 rows)'))
    .join(' > ');
}

async function runOnce(open: () => Promise<Opened>, servers: number, insolvent: boolean): Promise<Figures> {
  const { db, cleanup } = await open();
  try {
    const setupStart = performance.now();
    await migrateToLatest(db);
    const now = Date.now(); // fixed for the whole run: an hour boundary mid-run cannot add a second hour
    await fill(db.db, servers, now, insolvent);
    if (db.dialect === 'postgres') await sql`analyze`.execute(db.db); // as autovacuum would have
    const before = await balanceSum(db.db);
    const setupS = ms(setupStart) / 1000;

    const claimPlan = await planOf(db, await firstStatement(db, now));
    const counter = new Counter();
    const ctx = tickContext(db, db.db.withPlugin(counter), now);

    (globalThis as { gc?: () => void }).gc?.();
    const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    loop.enable();
    const tickStart = performance.now();
    const cpuStart = process.cpuUsage();
    const result = await billHourlyServers(ctx);
    const tickMs = ms(tickStart);
    const cpu = process.cpuUsage(cpuStart);
    loop.disable();
    const statements = counter.count;

    const ledger = await db.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('kind', '=', 'server-hour')
      .executeTakeFirstOrThrow();
    const dropped = before - (await balanceSum(db.db));
    const customers = servers / SERVERS_PER_USER;
    const suspended = insolvent ? Math.floor(customers / BROKE_EVERY) * SERVERS_PER_USER : 0;
    const charged = servers - suspended;
    const expected = charged * hourlyUnits(MONTHLY);
    const count = async (table: 'mail_outbox' | 'panel_tasks') =>
      Number(
        (
          await db.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const problems: string[] = [];
    if (result.charged !== charged) problems.push(`charged ${result.charged}, expected ${charged}`);
    if (result.suspended !== suspended) problems.push(`suspended ${result.suspended}, expected ${suspended}`);
    if (Number(ledger.n) !== charged) problems.push(`${ledger.n} ledger rows`);
    if (dropped !== expected) problems.push(`balances -${dropped}, expected -${expected}`);
    const mails = await count('mail_outbox');
    const tasks = await count('panel_tasks');
    if (mails !== suspended) problems.push(`${mails} mails queued`);
    if (tasks !== suspended) problems.push(`${tasks} panel tasks queued`);

    const idleStatement = await firstStatement(db, now);
    const idleStart = performance.now();
    const idle = await billHourlyServers(ctx);
    const idleMs = ms(idleStart);
    if (idle.charged !== 0) problems.push(`idle tick charged ${idle.charged}`);
    const idlePlan = await planOf(db, idleStatement);

    const floorStart = performance.now();
    await db.db
      .updateTable('user_packages')
      .set((eb) => ({ billed_until: eb.ref('billed_until') }))
      .execute();
    const floorMs = ms(floorStart);

    return {
      servers,
      setupS,
      tickMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      floorMs,
      loopMaxMs: loop.count > 0 ? loop.max / 1e6 : null,
      idleMs,
      statements,
      check: problems.length === 0 ? 'ok' : `MISMATCH: ${problems.join(', ')}`,
      claimPlan,
      idlePlan,
    };
  } finally {
    await cleanup();
  }
}

function printTable(title: string, rows: Figures[], target: number): void {
  const head = [
    'servers',
    'setup s',
    'tick ms',
    'cpu ms',
    'ms/1k servers',
    'floor ms',
    'tick/floor',
    'max loop ms',
    'idle ms',
    'statements',
    'check',
  ];
  const cells = rows.map((r) => [
    fmt(r.servers),
    fmt(r.setupS, 1),
    fmt(r.tickMs),
    fmt(r.cpuMs),
    fmt((r.tickMs / r.servers) * 1000, 1),
    fmt(r.floorMs),
    `${fmt(r.tickMs / r.floorMs, 1)}x`,
    r.loopMaxMs === null ? `< ${RESOLUTION_MS}` : fmt(r.loopMaxMs, 1),
    fmt(r.idleMs, 2),
    fmt(r.statements),
    r.check,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    `  ${c.map((v, i) => (i === c.length - 1 ? v : v.padStart(widths[i]!))).join('  ')}`;
  console.log(`\n${title}`);
  console.log(line(head));
  for (const c of cells) console.log(line(c));

  const largest = rows.at(-1)!;
  const maxLoop = Math.max(...rows.map((r) => r.loopMaxMs ?? 0));
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `  target: ${fmt(largest.servers)} servers in <= ${fmt(target)} ms: ${fmt(largest.tickMs)} ms, ${verdict(largest.tickMs <= target)}`,
  );
  const perK = rows.map((r) => (r.tickMs / r.servers) * 1000);
  const linear = perK.at(-1)! <= 1.5 * perK.at(-2)!;
  console.log(
    `  target: linear in servers: ${perK.map((v) => fmt(v, 1)).join(' / ')} ms per 1 000 servers, ${verdict(linear)} (largest N within 1.5x of the one before)`,
  );
  console.log(
    `  target: max event-loop block <= ${MAX_BLOCK_MS} ms: ${fmt(maxLoop, 1)} ms, ${verdict(maxLoop <= MAX_BLOCK_MS)}`,
  );
  const idleFlat = largest.idleMs <= Math.max(2, 2 * rows[0]!.idleMs);
  console.log(
    `  target: idle tick reads one index range (~1 ms, flat in N): ${rows.map((r) => fmt(r.idleMs, 2)).join(' / ')} ms, ${verdict(idleFlat)}`,
  );
  console.log(`  plan of the first batch's claim at ${fmt(largest.servers)}: ${largest.claimPlan}`);
  console.log(`  plan of the idle tick's statement at ${fmt(largest.servers)}: ${largest.idlePlan}`);
}

async function bench(title: string, dialect: Db['dialect'], open: () => Promise<Opened>): Promise<void> {
  await runOnce(open, 1_000, true); // warm-up: module loading and JIT, not printed
  if (CASES.includes('solvent')) {
    const solvent: Figures[] = [];
    for (const servers of SIZES) solvent.push(await runOnce(open, servers, false));
    printTable(`${title}: every customer can pay`, solvent, TARGET_MS[dialect]);
  }
  if (!CASES.includes('insolvent')) return;
  const insolvent: Figures[] = [];
  for (const servers of SIZES) insolvent.push(await runOnce(open, servers, true));
  printTable(
    `${title}: every ${BROKE_EVERY}th customer out of credits (${100 / BROKE_EVERY}% of the servers suspended)`,
    insolvent,
    INSOLVENT_TARGET_MS[dialect],
  );
}

async function main(): Promise<void> {
  console.log(
    `\nHourly billing tick: billHourlyServers over N hourly servers (${SERVERS_PER_USER} per customer), one hour due each`,
  );
  console.log(
    '  floor = one bare UPDATE of the same N rows; max loop = longest event-loop delay during the tick (10 ms sampling)',
  );
  if (DATABASES.includes('sqlite')) await bench('SQLite (temp file, WAL)', 'sqlite', openSqlite);
  if (!DATABASES.includes('postgres')) return;

  const env = process.env.DATABASE_URL ?? '';
  if (/^postgres(ql)?:\/\//.test(env)) {
    const host = new URL(env).hostname;
    if (host !== '127.0.0.1') {
      console.log(
        `\nPostgreSQL: skipped (DATABASE_URL points at ${host}, the benchmark only uses 127.0.0.1)`,
      );
      return;
    }
    await bench('PostgreSQL (DATABASE_URL)', 'postgres', postgresOpener(env));
    return;
  }
  const cluster = await startCluster().catch((error: Error) => {
    const output = (error as { stderr?: Buffer }).stderr?.toString().trim();
    console.log(`\nPostgreSQL: could not start a throwaway cluster: ${output || error.message}`);
    process.exitCode = 1;
    return undefined;
  });
  if (cluster === undefined) return;
  if (!cluster) {
    console.log('\nPostgreSQL: skipped (no server)');
    return;
  }
  const onSignal = () => {
    cluster.stop();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await bench('PostgreSQL (throwaway cluster, fsync off)', 'postgres', postgresOpener(cluster.url));
  } finally {
    cluster.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
