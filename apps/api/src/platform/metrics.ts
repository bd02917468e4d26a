/**
 * The product's Prometheus metrics (issue 11 "Operations"), served at `/metrics` with a bearer token
 * (`METRICS_TOKEN`; docs/operations.md lists every metric).
 *
 * - Node's default metrics (heap, event loop lag, GC, handles) describe the process, so they live in one
 *   registry per process, created once.
 * - Everything else lives in a registry per server (`createMetrics`): tests start many servers in one
 *   process, and each must count its own requests without a "metric already registered" error. A scrape
 *   merges the two.
 * - Counters and histograms count what this instance did (requests, webhook calls, billing ticks, panel
 *   calls, mails); gauges of orders, payments and the panel queue are read from the database at scrape
 *   time, so every instance reports the same figures (use `max()` across instances in queries).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from './db/database';

export type WebhookOutcome =
  | 'ignored'
  | 'unchanged'
  | 'paid'
  | 'closed'
  | 'reversed'
  | 'invalid-id'
  | 'error';
export type PanelCallOutcome = 'ok' | 'failed';

export interface Metrics {
  /** this server's own metrics (the process-wide default metrics are merged in at scrape time) */
  registry: Registry;
  /** seconds from request to response, by method, route pattern and status code */
  httpRequestDuration: RequestDurations;
  /** Mollie webhook calls by outcome (`settleMolliePayment`'s result, `invalid-id`, `error`) */
  webhooks: Counter<'outcome'>;
  /** seconds one run of every due job (`runTick`) took, by outcome (`ok`, `error`) */
  tickDuration: Histogram<'outcome'>;
  /** server-hours charged by the hourly billing */
  serversCharged: Counter;
  /** seconds a panel call of the job queue took, by task kind and outcome */
  panelCallDuration: Histogram<'kind' | 'outcome'>;
  /** panel calls of the job queue that failed (retried later), by task kind */
  panelCallFailures: Counter<'kind'>;
  /** mails handed to the mail server (`sent`) or refused by it (`failed`, retried later) */
  mails: Counter<'outcome'>;
  /** the Prometheus text of the process's and this server's metrics */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** One series of RequestDurations: its labels and its observations per bucket (not cumulative). */
interface DurationSeries {
  labels: { method: string; route: string; status_code: string };
  counts: number[];
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds`, a Prometheus histogram by method, route pattern and status code,
 * recorded on every request. prom-client's Histogram validates and hashes the label object on each
 * observation, a few microseconds that showed in the throughput of cached answers (bench/, issue 11
 * part 4); here an observation is three map lookups and a bucket count. The registry reads it
 * like any prom-client metric (`get()`), so the exposition format is prom-client's.
 */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Duration of HTTP requests in seconds by method, route pattern and status code';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #buckets: readonly number[];
  /**
   * Series by route, method and status: the route pattern and the method are strings V8 already hashed
   * (the same objects every request), so no key is built per observation. `#inOrder` keeps the order the
   * series were first seen, prom-client's order in the exposition.
   */
  readonly #series = new Map<string, Map<string, Map<number, DurationSeries>>>();
  readonly #inOrder: DurationSeries[] = [];

  /** @param buckets upper bounds in seconds, ascending (+Inf is added) */
  constructor(buckets: readonly number[], registry: Registry) {
    this.#buckets = buckets;
    registry.registerMetric(this as never);
  }

  /** Counts one request of `seconds`; `route` is the route pattern (bounded), never the raw URL. */
  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.#series.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.#series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(statusCode);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        counts: new Array<number>(this.#buckets.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusCode, series);
      this.#inOrder.push(series);
    }
    let bucket = 0;
    while (bucket < this.#buckets.length && seconds > (this.#buckets[bucket] as number)) bucket++;
    series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** prom-client's metric interface: cumulative buckets, +Inf, sum and count per series. */
  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const { labels, counts, sum, count } of this.#inOrder) {
      let cumulative = 0;
      this.#buckets.forEach((le, i) => {
        cumulative += counts[i] ?? 0;
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}

let processRegistry: Registry | null = null;

/** Node's default metrics, registered once per process (idempotent). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * A server's registry with every product metric.
 * @param db read at scrape time for the orders, payments and panel queue gauges
 * @param log where a failed database read at scrape time is reported (the scrape still answers)
 */
export function createMetrics(db: Db['db'], log: FastifyBaseLogger): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

  /** Runs a scrape-time query; a failure leaves the gauge empty rather than failing the scrape. */
  const guarded = async (name: string, read: () => Promise<void>) => {
    try {
      await read();
    } catch (error) {
      log.warn({ err: error, metric: name }, 'reading a metric from the database failed');
    }
  };

  new Gauge({
    name: 'falkenhost_orders',
    help: 'Orders in the database by kind and status',
    labelNames: ['kind', 'status'] as const,
    registers,
    async collect() {
      this.reset();
      await guarded('falkenhost_orders', async () => {
        const rows = await db
          .selectFrom('orders')
          .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
          .groupBy(['kind', 'status'])
          .execute();
        for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.n));
      });
    },
  });

  new Gauge({
    name: 'falkenhost_payments',
    help: 'Mollie payments (orders paid through Mollie) by status of their order',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      await guarded('falkenhost_payments', async () => {
        const rows = await db
          .selectFrom('orders')
          .where('mollie_payment_id', 'is not', null)
          .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
          .groupBy('status')
          .execute();
        for (const row of rows) this.set({ status: row.status }, Number(row.n));
      });
    },
  });

  new Gauge({
    name: 'falkenhost_panel_queue_depth',
    help: 'Panel calls waiting in the job queue (pending panel_tasks)',
    registers,
    async collect() {
      await guarded('falkenhost_panel_queue_depth', async () => {
        const row = await db
          .selectFrom('panel_tasks')
          .where('status', '=', 'pending')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst();
        this.set(Number(row?.n ?? 0));
      });
    },
  });

  const webhooks = new Counter({
    name: 'falkenhost_webhooks_total',
    help: 'Mollie webhook calls by outcome',
    labelNames: ['outcome'] as const,
    registers,
  });
  const mails = new Counter({
    name: 'falkenhost_mails_total',
    help: 'Mails sent, or refused by the mail server (retried later)',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Known series start at zero, so a rate or an alert has a value before the first event.
  for (const outcome of ['sent', 'failed']) mails.inc({ outcome }, 0);

  const metrics: Metrics = {
    registry,
    httpRequestDuration: new RequestDurations(seconds, registry),
    webhooks,
    tickDuration: new Histogram({
      name: 'falkenhost_billing_tick_duration_seconds',
      help: 'Duration of one run of the due jobs (billing tick) in seconds',
      labelNames: ['outcome'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    }),
    serversCharged: new Counter({
      name: 'falkenhost_billing_servers_charged_total',
      help: 'Server-hours charged by the hourly billing',
      registers,
    }),
    panelCallDuration: new Histogram({
      name: 'falkenhost_panel_call_duration_seconds',
      help: 'Duration of the job queue panel calls in seconds by task kind and outcome',
      labelNames: ['kind', 'outcome'] as const,
      buckets: seconds,
      registers,
    }),
    panelCallFailures: new Counter({
      name: 'falkenhost_panel_call_failures_total',
      help: 'Job queue panel calls that failed and wait for their retry, by task kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    mails,
    async scrape() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
  return metrics;
}

/**
 * Records every request's duration in `httpRequestDuration`. Register on the root instance before any
 * route; a request no route matched (the web client's fallback, a 404) counts under the route `unmatched`,
 * so unknown paths cannot grow the label set.
 */
export function recordRequestDurations(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequestDuration.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Compares a presented bearer token with the configured one in constant time. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!presented) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * `GET /metrics` for Prometheus: 404 when no token is configured (production without `METRICS_TOKEN`),
 * 401 without the right `Authorization: Bearer <token>`, else the text exposition format.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.get('/metrics', async (request, reply) => {
    if (token === null) return reply.status(404).send({ reason: 'not-found' });
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ reason: 'unauthenticated' });
    }
    const { contentType, body } = await metrics.scrape();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}
