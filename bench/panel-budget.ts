/**
 * Benchmark of the product within the panel's API budget (issue 28 point 4; figures, and one hard check):
 * the whole product (real server, real panel client, emulators mounted as in the demo, SQLite) with the
 * panel emulator's rate limit on (`PTERODACTYL_EMULATOR_RATE_LIMIT`, default `on`: the panel's 240
 * application and 720 client calls a minute per key).
 *
 * 1. Orders: `BENCH_ORDERS` (default 200) customers each order one server by credits, `BENCH_CONCURRENCY`
 *    (default 20) at a time. Prints panel requests per order, orders a minute, answers, and the orders
 *    refunded (must be 0: the limiter keeps the product under the panel's limit, so no order fails on it).
 * 2. Billing tick: `BENCH_SUSPENSIONS` (default 5 000) hourly servers, on the panel and in our database,
 *    whose owner cannot pay the hour; one tick suspends them all and the panel queue drains (run as the
 *    scheduler would, again as soon as the minute's budget allows). Meanwhile a tenth of the order count
 *    (at least 3) customers order a server: their answer times show customers going ahead of the queue.
 *    Prints the time to drain, requests, and 429s received by the client.
 *
 * Usage: `npm run bench:panel` (full size, about half an hour: 5 000 suspensions at 204 calls a minute);
 * `BENCH_ORDERS=20 BENCH_SUSPENSIONS=200 npm run bench:panel` for a short run.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { inBackground } from '@falkenhost/pterodactyl/limiter';
import { sql } from 'kysely';
import { hourStart } from '../apps/api/src/platform/clock';
import { billHourlyServers } from '../apps/api/src/servers/hourly-billing';
import { runPanelQueue } from '../apps/api/src/servers/panel-task-results';
import {
  grantCredits,
  minecraftOffer,
  type Product,
  registerVerified,
  type Session,
  startProduct,
} from '../apps/api/test/harness';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const SUSPENSIONS = Number(process.env.BENCH_SUSPENSIONS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const PROBES = Math.max(3, Math.floor(ORDERS / 10));
// Read by the emulator's mount once its rate limit is configurable; on unless a bench turns it off.
process.env.PTERODACTYL_EMULATOR_RATE_LIMIT ??= 'on';

type Offer = Awaited<ReturnType<typeof minecraftOffer>>;

const fmt = (n: number, digits = 0) =>
  n
    .toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    .replace(/,/g, ' ');
const seconds = (ms: number) => `${fmt(ms / 1000, 1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T, i);
      }
    }),
  );
  return results;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Panel calls the product's client made, and 429s it received. */
function clientCalls(product: Product) {
  const stats = product.server.ctx.pterodactyl.stats();
  return { total: stats.requests.application + stats.requests.client, rateLimited: stats.rateLimited };
}

/** The emulator's own count, once it has one (the emulator helper's `stats()`). */
function emulatorStats(product: Product): unknown {
  const state = product.server.emulators?.pterodactyl as unknown as { stats?: () => unknown };
  return typeof state.stats === 'function' ? state.stats() : 'not available in this emulator';
}

/** Makes room on every node for the bench's servers (memory, disk, free allocations). */
function growNodes(product: Product, servers: number) {
  const { db } = product.server.emulators!.pterodactyl;
  for (const node of db.nodes) {
    node.memory = 100_000_000;
    node.disk = 1_000_000_000;
    const own = db.allocations.filter((a) => a.node_id === node.id);
    const last = Math.max(...own.map((a) => a.port));
    for (let i = 1; i <= servers + 50; i++)
      db.allocations.push({
        id: db.allocations.length + 1,
        node_id: node.id,
        ip: own[0]?.ip ?? '10.0.0.1',
        alias: null,
        port: last + i,
        notes: null,
        server_id: null,
      });
  }
}

async function customers(product: Product, count: number): Promise<Session[]> {
  return pool(Array.from({ length: count }), 8, async () => {
    const account = await registerVerified(product);
    await grantCredits(product, account.username, 100);
    return account.session;
  });
}

async function order(session: Session, offer: Offer, name: string) {
  const started = performance.now();
  const res = await session.post('/api/private/store/package-by-credits', {
    serverName: name,
    packageId: offer.pkg.id,
    eggId: offer.egg,
    locationId: offer.location.id,
  });
  return {
    status: res.status,
    reason: (res.body as { reason?: string })?.reason,
    ms: performance.now() - started,
  };
}

function answers(list: Array<{ status: number; reason?: string }>): string {
  const counts = new Map<string, number>();
  for (const a of list) {
    const key = a.status === 200 ? '200' : `${a.status} ${a.reason ?? ''}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n} × ${k}`).join(', ');
}

async function refundedOrders(product: Product): Promise<number> {
  const row = await product.server.ctx.db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reference', 'like', 'refund:server-order:%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * `count` hourly servers owned by a customer without credits: each on the panel (a copy of `template`
 * with its own ids) and in our database (a copy of its row), with an hour due now.
 */
async function unpaidServers(product: Product, templateRowId: number, count: number): Promise<void> {
  const { ctx } = product.server;
  const panel = product.server.emulators!.pterodactyl;
  const poor = await registerVerified(product);
  const owner = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', poor.username)
    .executeTakeFirstOrThrow();
  const row = await ctx.db
    .selectFrom('user_packages')
    .selectAll()
    .where('id', '=', templateRowId)
    .executeTakeFirstOrThrow();
  const template = panel.servers().find((s) => s.id === row.ptero_server_id);
  if (!template) throw new Error('the template server is not on the panel');
  const now = ctx.now();
  const { id: _id, ...columns } = row;
  for (let from = 0; from < count; from += 500) {
    const batch = Array.from({ length: Math.min(count, from + 500) - from }, (_, k) => {
      const i = from + k;
      // Ids far above the panel's own, so they never meet an id the panel gives an order.
      return { i, id: 1_000_000 + i, uuid: randomUUID() };
    });
    const rows = await ctx.db
      .insertInto('user_packages')
      .values(
        batch.map(({ i, id, uuid }) => ({
          ...columns,
          user_id: owner.id,
          name: `unpaid ${i}`,
          status: 'paid',
          ptero_server_id: id,
          ptero_server_uuid: uuid,
          ptero_identifier: uuid.slice(0, 8),
          billed_until: hourStart(now),
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    // The panel's server carries our external id of its row: the queue finds it by that id.
    batch.forEach(({ i, id, uuid }, k) => {
      panel.db.allocations.push({
        id,
        node_id: template.node_id,
        ip: '10.9.0.1',
        alias: null,
        port: 30_000 + i,
        notes: null,
        server_id: null,
      });
      panel.addServer({
        ...structuredClone(template),
        id,
        uuid,
        external_id: `falkenhost-server-${rows[k]!.id}`,
        name: `unpaid ${i}`,
        allocation_id: id,
      });
    });
  }
}

async function main(): Promise<void> {
  console.log(
    `panel budget bench: ${ORDERS} orders (${CONCURRENCY} at a time), ${SUSPENSIONS} suspensions, ` +
      `emulator rate limit ${process.env.PTERODACTYL_EMULATOR_RATE_LIMIT}`,
  );
  const product = await startProduct('sqlite');
  if (typeof emulatorStats(product) === 'string')
    console.log('   (this emulator has no rate limit yet: the figures show the client limiter alone)');
  try {
    const { ctx } = product.server;
    growNodes(product, ORDERS + PROBES + 1);
    const buyers = await customers(product, ORDERS + PROBES + 1);
    const offer = await minecraftOffer(buyers[0]!);
    // One order first: its server is the template of the unpaid ones.
    const first = await order(buyers[0]!, offer, 'template');
    if (first.status !== 200) throw new Error(`the first order failed: ${first.status} ${first.reason}`);
    const templateRow = await ctx.db
      .selectFrom('user_packages')
      .select('id')
      .where('name', '=', 'template')
      .executeTakeFirstOrThrow();

    // 1. Orders.
    const before = clientCalls(product);
    const started = performance.now();
    const results = await pool(buyers.slice(1, ORDERS + 1), CONCURRENCY, (s, i) =>
      order(s, offer, `bench ${i}`),
    );
    const took = performance.now() - started;
    const after = clientCalls(product);
    const latencies = results.map((r) => r.ms);
    console.log('\n1. orders by credits');
    console.log(`   answers:              ${answers(results)}`);
    console.log(`   panel requests/order: ${fmt((after.total - before.total) / ORDERS, 2)}`);
    console.log(
      `   time:                 ${seconds(took)} (${fmt((ORDERS / took) * 60_000, 1)} orders a minute)`,
    );
    console.log(
      `   answer time:          p50 ${fmt(percentile(latencies, 50))} ms, p95 ${fmt(percentile(latencies, 95))} ms`,
    );
    console.log(`   429s received:        ${after.rateLimited - before.rateLimited}`);

    // 2. A billing tick that suspends SUSPENSIONS servers, and the queue draining.
    await unpaidServers(product, templateRow.id, SUSPENSIONS);
    const callsBefore = clientCalls(product);
    const tickStarted = performance.now();
    const billing = await inBackground(() => billHourlyServers(ctx));
    const tickMs = performance.now() - tickStarted;
    const drainStarted = performance.now();
    const drain = (async () => {
      for (;;) {
        await runPanelQueue(ctx);
        const pending = await ctx.db
          .selectFrom('panel_tasks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'pending')
          .where('kind', '=', 'suspend')
          .executeTakeFirstOrThrow();
        if (Number(pending.n) === 0) return performance.now() - drainStarted;
        // The minute's budget is spent: the scheduler would come again; so does the bench, sooner.
        await sleep(500);
      }
    })();
    // Customers ordering while the queue drains.
    await sleep(2_000);
    const probes = await pool(buyers.slice(ORDERS + 1), CONCURRENCY, (s, i) =>
      order(s, offer, `during ${i}`),
    );
    const drainMs = await drain;
    const callsAfter = clientCalls(product);
    const suspendedOnPanel = product.server
      .emulators!.pterodactyl.servers()
      .filter((s) => s.name.startsWith('unpaid ') && s.status === 'suspended').length;
    console.log('\n2. billing tick with suspensions');
    console.log(`   tick:                 ${seconds(tickMs)}, ${billing.suspended} servers suspended`);
    console.log(
      `   queue drained in:     ${seconds(drainMs)} (${fmt((SUSPENSIONS / drainMs) * 60_000, 0)} a minute)`,
    );
    console.log(`   suspended on panel:   ${suspendedOnPanel} of ${SUSPENSIONS}`);
    console.log(`   panel requests:       ${callsAfter.total - callsBefore.total} (probe orders included)`);
    console.log(`   orders meanwhile:     ${answers(probes)}`);
    console.log(
      `   their answer time:    p50 ${fmt(
        percentile(
          probes.map((p) => p.ms),
          50,
        ),
      )} ms, max ${fmt(Math.max(...probes.map((p) => p.ms)))} ms`,
    );
    console.log(`   429s received:        ${callsAfter.rateLimited - callsBefore.rateLimited}`);

    const refunded = await refundedOrders(product);
    const tasks = await sql<{
      n: number;
    }>`select count(*) as n from panel_tasks where status = 'pending'`.execute(ctx.db);
    console.log('\ntotals');
    console.log(`   orders refunded:      ${refunded} (must be 0)`);
    console.log(`   429s received:        ${clientCalls(product).rateLimited}`);
    console.log(`   panel tasks pending:  ${Number(tasks.rows[0]?.n ?? 0)}`);
    console.log(`   client limiter:       ${JSON.stringify(ctx.pterodactyl.stats().budgets)}`);
    console.log(`   emulator:             ${JSON.stringify(emulatorStats(product))}`);
    const failed =
      results.filter((r) => r.status !== 200).length + probes.filter((p) => p.status !== 200).length;
    if (refunded > 0 || failed > 0 || suspendedOnPanel !== SUSPENSIONS) {
      console.error(
        `FAILED: ${refunded} refunded, ${failed} orders not served, ${suspendedOnPanel} suspended`,
      );
      process.exitCode = 1;
    }
  } finally {
    await product.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
