/**
 * Benchmark of the product within the panel's API budget (issue 28 point 4; figures, and one hard check):
 * the whole product (real server, real panel client, emulators mounted as in the demo, SQLite) with the
 * panel emulator's rate limit on (`PANEL_EMULATOR_RATE_LIMIT`, default `on`: the panel's 240
 * application and 720 client calls a minute per key).
 *
 * 1. Orders: `BENCH_ORDERS` (default 200) customers each order one server by credits, `BENCH_CONCURRENCY`
 *    (default 20) at a time. Prints panel requests per order, orders a minute, answers, and the orders
 *    refunded (must be 0: the limiter keeps the product under the panel's limit, so no order fails on it).
 * 2. Live-gauge credentials during orders: two batches of as many orders again, while another customer
 *    asks `/websocket-token` for their server once a second; in the second batch one customer also calls
 *    it for their server at the product's per-customer limit on /api/private (`BENCH_TOKEN_RATE` a
 *    minute, default 120, production's PRIVATE_RATE_LIMIT_PER_MINUTE, which the bench sets). Prints the
 *    calls made, the panel's websocket credential requests (one per server per token lifetime:
 *    decisions/406-one-socket-credential-per-server.md), and the orders' and the other customer's answer
 *    times without and with the caller.
 * 3. Billing tick: `BENCH_SUSPENSIONS` (default 5 000) hourly servers, on the panel and in our database,
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
import type { PanelKind } from '@falkenhost/pterodactyl/kinds';
import { inBackground } from '@falkenhost/pterodactyl/limiter';
import { sql } from 'kysely';
import { serverExternalId } from '../apps/api/src/panel/panel-ownership';
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
/** The panel whose emulator the product drives: `pterodactyl` (default) or `pelican`. */
const PANEL = (process.env.BENCH_PANEL ?? 'pterodactyl') as PanelKind;
const SUSPENSIONS = Number(process.env.BENCH_SUSPENSIONS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const PROBES = Math.max(3, Math.floor(ORDERS / 10));
const TOKEN_RATE = Number(process.env.BENCH_TOKEN_RATE ?? 120);
/** Pause before each batch of part 2: the panel's 60 s window ends and the client's bucket refills. */
const BATCH_PAUSE_MS = Number(process.env.BENCH_BATCH_PAUSE_MS ?? 61_000);
/** Panel ids (servers, allocations) of the unpaid servers start here. */
const UNPAID_FROM = 1_000_000;
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
  const stats = product.server.ctx.panel.stats();
  return { total: stats.requests.application + stats.requests.client, rateLimited: stats.rateLimited };
}

/**
 * What the bench reads and changes of the panel emulator, the same on both: nodes and allocations to grow,
 * servers to copy and count, the request counts.
 */
interface BenchEmulator {
  db: { nodes: Array<{ id: number; memory: number; disk: number }>; allocations: Allocation[] };
  servers(): Array<{ id: number; uuid: string; node_id: number; status: string | null }>;
  addServer(server: never): void;
  stats(): { requests: { application: number; client: number }; rateLimited: number };
  websocketRequests(uuid?: string): number;
  config: { tokenTtlSeconds: number };
}

interface Allocation {
  id: number;
  node_id: number;
  ip: string;
  alias: string | null;
  port: number;
  notes: string | null;
  server_id: number | null;
}

/** The emulator of the panel the bench runs on (`BENCH_PANEL`). */
function emulatorOf(product: Product): BenchEmulator {
  const emulators = product.server.emulators!;
  return (emulators.pelican ?? emulators.pterodactyl) as unknown as BenchEmulator;
}

/** The emulator's own count, once it has one (the emulator helper's `stats()`). */
function emulatorStats(product: Product): unknown {
  const state = emulatorOf(product) as unknown as { stats?: () => unknown };
  return typeof state.stats === 'function' ? state.stats() : 'not available in this emulator';
}

/** Makes room on every node for the bench's servers (memory, disk, free allocations). */
function growNodes(product: Product, servers: number) {
  const { db } = emulatorOf(product);
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
  const panel = emulatorOf(product);
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
    const values = [];
    const panelServers = [];
    for (let i = from; i < Math.min(count, from + 500); i++) {
      // Ids far above the panel's own, so they never meet an id the panel gives an order.
      const id = UNPAID_FROM + i;
      const uuid = randomUUID();
      panel.db.allocations.push({
        id,
        node_id: template.node_id,
        ip: '10.9.0.1',
        alias: null,
        port: 30_000 + i,
        notes: null,
        server_id: null,
      });
      panelServers.push({ ...structuredClone(template), id, uuid, name: `unpaid ${i}`, allocation_id: id });
      values.push({
        ...columns,
        user_id: owner.id,
        name: `unpaid ${i}`,
        status: 'paid',
        ptero_server_id: id,
        ptero_server_uuid: uuid,
        ptero_identifier: uuid.slice(0, 8),
        billed_until: hourStart(now),
        created_at: now,
      });
    }
    const rows = await ctx.db
      .insertInto('user_packages')
      .values(values)
      .returning(['id', 'ptero_server_uuid'])
      .execute();
    // The panel queue acts only on a panel server carrying our external id (panel/panel-ownership.ts).
    const rowIds = new Map(rows.map((r) => [r.ptero_server_uuid, r.id]));
    for (const server of panelServers)
      panel.addServer({ ...server, external_id: serverExternalId(rowIds.get(server.uuid)!) } as never);
  }
}

type OrderAnswer = Awaited<ReturnType<typeof order>>;

const timing = (list: OrderAnswer[]) => {
  const ms = list.map((r) => r.ms);
  return `p50 ${fmt(percentile(ms, 50))} ms, p95 ${fmt(percentile(ms, 95))} ms`;
};

/** 1. `buyers` order one server each, CONCURRENCY at a time. */
async function ordersPart(product: Product, buyers: Session[], offer: Offer): Promise<OrderAnswer[]> {
  const before = clientCalls(product);
  const started = performance.now();
  const results = await pool(buyers, CONCURRENCY, (s, i) => order(s, offer, `bench ${i}`));
  const took = performance.now() - started;
  const after = clientCalls(product);
  console.log('\n1. orders by credits');
  console.log(`   answers:              ${answers(results)}`);
  console.log(`   panel requests/order: ${fmt((after.total - before.total) / buyers.length, 2)}`);
  console.log(
    `   time:                 ${seconds(took)} (${fmt((buyers.length / took) * 60_000, 1)} orders a minute)`,
  );
  console.log(`   answer time:          ${timing(results)}`);
  console.log(`   429s received:        ${after.rateLimited - before.rateLimited}`);
  return results;
}

interface TokenCaller {
  session: Session;
  serverId: number;
  uuid: string;
  perMinute: number;
}
type TokenAnswer = { status: number; reason?: string; ms: number };

/** Calls `/websocket-token` every 60 000 / perMinute ms until `done()`; the answers with their times. */
async function callTokens(caller: TokenCaller, done: () => boolean): Promise<TokenAnswer[]> {
  const calls: TokenAnswer[] = [];
  for (let next = performance.now(); !done(); next += 60_000 / caller.perMinute) {
    await sleep(Math.max(0, next - performance.now()));
    const started = performance.now();
    const res = await caller.session.get(`/api/private/servers/websocket-token?id=${caller.serverId}`);
    const reason = (res.body as { reason?: string })?.reason;
    calls.push({ status: res.status, reason, ms: performance.now() - started });
  }
  return calls;
}

/**
 * One batch of orders while `callers` ask for tokens. It starts after BATCH_PAUSE_MS, once the panel's
 * fixed minute window and the application key's bucket are fresh again, so batches with and without a
 * caller meet the same budget.
 */
async function ordersBeside(
  product: Product,
  buyers: Session[],
  offer: Offer,
  name: string,
  callers: TokenCaller[],
) {
  await sleep(BATCH_PAUSE_MS);
  const panel = emulatorOf(product);
  const askedBefore = panel.websocketRequests();
  const clientBefore = panel.stats().requests.client;
  const started = performance.now();
  let ordering = true;
  const calls = Promise.all(callers.map((caller) => callTokens(caller, () => !ordering)));
  const orders = await pool(buyers, CONCURRENCY, (s, i) => order(s, offer, `${name} ${i}`));
  ordering = false;
  return {
    orders,
    calls: await calls,
    asked: panel.websocketRequests() - askedBefore,
    clientCalls: panel.stats().requests.client - clientBefore,
    took: performance.now() - started,
  };
}

const tokenTiming = (calls: TokenAnswer[]) =>
  `${calls.length} calls, p50 ${fmt(
    percentile(
      calls.map((c) => c.ms),
      50,
    ),
  )} ms, ` +
  `p95 ${fmt(
    percentile(
      calls.map((c) => c.ms),
      95,
    ),
  )} ms`;

/**
 * 2. Two batches of orders like part 1's, while another customer watches their server's gauges (a
 * `/websocket-token` call a second): without, then with `heavy` calling it at their rate limit.
 */
async function tokenPart(
  product: Product,
  buyers: Session[],
  offer: Offer,
  heavy: TokenCaller,
  watcher: TokenCaller,
): Promise<OrderAnswer[]> {
  const half = Math.floor(buyers.length / 2);
  const panel = emulatorOf(product);
  const without = await ordersBeside(product, buyers.slice(0, half), offer, 'without', [watcher]);
  const heavyBefore = panel.websocketRequests(heavy.uuid);
  const beside = await ordersBeside(product, buyers.slice(half), offer, 'beside', [watcher, heavy]);
  const heavyCalls = beside.calls[1] ?? [];
  const row = (label: string, a: string, b: string) =>
    console.log(`   ${label.padEnd(26)}${a.padEnd(34)}${b}`);
  console.log(`\n2. /websocket-token at ${heavy.perMinute} a minute (the per-customer limit) during orders`);
  console.log(
    `   the caller's calls:       ${heavyCalls.length} in ${seconds(beside.took)}: ${answers(heavyCalls)}`,
  );
  console.log(
    `   its server's panel websocket requests: ${panel.websocketRequests(heavy.uuid) - heavyBefore} ` +
      `meanwhile, ${panel.websocketRequests(heavy.uuid)} since it was made (409s while installing ` +
      `included; tokens last ${panel.config.tokenTtlSeconds} s)`,
  );
  row('', 'without the caller', 'with the caller');
  row('orders', answers(without.orders), answers(beside.orders));
  row('order answer', timing(without.orders), timing(beside.orders));
  row("other's token answer", tokenTiming(without.calls[0] ?? []), tokenTiming(beside.calls[0] ?? []));
  row('panel websocket requests', String(without.asked), String(beside.asked));
  row('panel client API calls', String(without.clientCalls), String(beside.clientCalls));
  return [...without.orders, ...beside.orders];
}

/** Asks `/websocket-token` until the server is installed (409 before), at most 10 s. */
async function untilSocketReady(session: Session, serverId: number): Promise<void> {
  const until = performance.now() + 10_000;
  for (;;) {
    const res = await session.get(`/api/private/servers/websocket-token?id=${serverId}`);
    if (res.status === 200) return;
    if (performance.now() > until) throw new Error(`no websocket credential: ${res.status}`);
    await sleep(100);
  }
}

/** 3. A billing tick suspending SUSPENSIONS servers, the queue draining, and `buyers` ordering meanwhile. */
async function billingPart(
  product: Product,
  buyers: Session[],
  offer: Offer,
  templateRowId: number,
): Promise<{ probes: OrderAnswer[]; suspendedOnPanel: number }> {
  const { ctx } = product.server;
  await unpaidServers(product, templateRowId, SUSPENSIONS);
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
  const probes = await pool(buyers, CONCURRENCY, (s, i) => order(s, offer, `during ${i}`));
  const drainMs = await drain;
  const callsAfter = clientCalls(product);
  const suspendedOnPanel = emulatorOf(product)
    .servers()
    .filter((s) => s.id >= UNPAID_FROM && s.status === 'suspended').length;
  console.log('\n3. billing tick with suspensions');
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
  return { probes, suspendedOnPanel };
}

async function main(): Promise<void> {
  console.log(
    `panel budget bench: ${ORDERS} orders (${CONCURRENCY} at a time), ${SUSPENSIONS} suspensions, ` +
      `emulator rate limit ${process.env.PTERODACTYL_EMULATOR_RATE_LIMIT}`,
  );
  const product = await startProduct('sqlite', { privateRateLimit: TOKEN_RATE, panel: PANEL });
  console.log(`   panel: ${PANEL} (BENCH_PANEL)`);
  if (typeof emulatorStats(product) === 'string')
    console.log('   (this emulator has no rate limit yet: the figures show the client limiter alone)');
  try {
    const { ctx } = product.server;
    growNodes(product, 3 * ORDERS + PROBES + 1);
    const buyers = await customers(product, 3 * ORDERS + PROBES + 1);
    const offer = await minecraftOffer(buyers[0]!);
    // One order first: its server is the template of the unpaid ones and the token caller's server.
    const first = await order(buyers[0]!, offer, 'template');
    if (first.status !== 200) throw new Error(`the first order failed: ${first.status} ${first.reason}`);
    const templateRow = await ctx.db
      .selectFrom('user_packages')
      .select(['id', 'ptero_server_uuid'])
      .where('name', '=', 'template')
      .executeTakeFirstOrThrow();
    await untilSocketReady(buyers[0]!, templateRow.id);

    const results = await ordersPart(product, buyers.slice(1, ORDERS + 1), offer);
    // Another customer's server from part 1, whose gauges they watch during part 2.
    const watched = await ctx.db
      .selectFrom('user_packages')
      .select(['id', 'ptero_server_uuid'])
      .where('name', '=', 'bench 0')
      .executeTakeFirstOrThrow();
    await untilSocketReady(buyers[1]!, watched.id);
    const beside = await tokenPart(
      product,
      buyers.slice(ORDERS + 1, 3 * ORDERS + 1),
      offer,
      {
        session: buyers[0]!,
        serverId: templateRow.id,
        uuid: templateRow.ptero_server_uuid!,
        perMinute: TOKEN_RATE,
      },
      { session: buyers[1]!, serverId: watched.id, uuid: watched.ptero_server_uuid!, perMinute: 60 },
    );
    const { probes, suspendedOnPanel } = await billingPart(
      product,
      buyers.slice(3 * ORDERS + 1),
      offer,
      templateRow.id,
    );

    const refunded = await refundedOrders(product);
    const tasks = await sql<{
      n: number;
    }>`select count(*) as n from panel_tasks where status = 'pending'`.execute(ctx.db);
    console.log('\ntotals');
    console.log(`   orders refunded:      ${refunded} (must be 0)`);
    console.log(`   429s received:        ${clientCalls(product).rateLimited}`);
    console.log(`   panel tasks pending:  ${Number(tasks.rows[0]?.n ?? 0)}`);
    console.log(`   client limiter:       ${JSON.stringify(ctx.panel.stats().budgets)}`);
    console.log(`   emulator:             ${JSON.stringify(emulatorStats(product))}`);
    const failed = [...results, ...beside, ...probes].filter((r) => r.status !== 200).length;
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
