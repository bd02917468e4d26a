/**
 * Prometheus metrics (docs/decisions/010-metrics.md): default metrics per process, product metrics per
 * server (tests start many servers in one process), merged at scrape.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
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
  registry: Registry;
  httpRequestDuration: RequestDurations;
  webhooks: Counter<'outcome'>;
  tickDuration: Histogram<'outcome'>;
  serversCharged: Counter;
  panelCallDuration: Histogram<'kind' | 'outcome'>;
  panelCallFailures: Counter<'kind'>;
  mails: Counter<'outcome'>;
  scrape(): Promise<{ contentType: string; body: string }>;
}

interface DurationSeries {
  labels: { method: string; route: string; status_code: string };
  counts: number[];
  sum: number;
  count: number;
}

/** `http_request_duration_seconds` without prom-client's per-observation label hashing, same exposition. */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Duration of HTTP requests in seconds by method, route pattern and status code';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #buckets: readonly number[];
  /** series by route and method objects, then status; `#inOrder` keeps prom-client's order */
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

/** Node's default metrics, registered once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Histogram buckets in seconds, of requests and of panel calls. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Gauges whose value is read from the database at each scrape, registered by the module that owns the
 * tables they count (orders, panel), so platform reads none of them.
 */
export type DatabaseGauges = (db: Db['db'], log: FastifyBaseLogger, registers: Registry[]) => void;

/**
 * A server's registry with every product metric; `gauges` are registered first, in their order, and
 * read `db` at scrape time (a failed read only logged).
 */
export function createMetrics(db: Db['db'], log: FastifyBaseLogger, gauges: DatabaseGauges[] = []): Metrics {
  const registry = new Registry();
  const registers = [registry];
  for (const register of gauges) register(db, log, registers);
  const webhooks = new Counter({
    name: 'falkenhost_webhooks_total',
    help: 'Mollie webhook calls by outcome',
    labelNames: ['outcome'] as const,
    registers,
  });
  const mails = mailCounter(registers);

  const metrics: Metrics = {
    registry,
    httpRequestDuration: new RequestDurations(SECONDS, registry),
    webhooks,
    ...billingMetrics(registers),
    ...panelCallMetrics(registers),
    mails,
    async scrape() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
  return metrics;
}

/** Runs a scrape's database read of metric `name`; a failure is logged as a warning, never thrown. */
export async function readGuarded(
  log: FastifyBaseLogger,
  name: string,
  read: () => Promise<void>,
): Promise<void> {
  try {
    await read();
  } catch (error) {
    log.warn({ err: error, metric: name }, 'reading a metric from the database failed');
  }
}

/** Mails sent or refused, both series at zero from the start. */
function mailCounter(registers: Registry[]): Metrics['mails'] {
  const mails = new Counter({
    name: 'falkenhost_mails_total',
    help: 'Mails sent, or refused by the mail server (retried later)',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Known series start at zero, so a rate or an alert has a value before the first event.
  for (const outcome of ['sent', 'failed']) mails.inc({ outcome }, 0);
  return mails;
}

/** The due jobs' run time (seconds, by outcome) and the server-hours charged. */
function billingMetrics(registers: Registry[]): Pick<Metrics, 'tickDuration' | 'serversCharged'> {
  return {
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
  };
}

/** The job queue's panel calls: their duration (seconds, by task kind and outcome) and their failures. */
function panelCallMetrics(registers: Registry[]): Pick<Metrics, 'panelCallDuration' | 'panelCallFailures'> {
  return {
    panelCallDuration: new Histogram({
      name: 'falkenhost_panel_call_duration_seconds',
      help: 'Duration of the job queue panel calls in seconds by task kind and outcome',
      labelNames: ['kind', 'outcome'] as const,
      buckets: SECONDS,
      registers,
    }),
    panelCallFailures: new Counter({
      name: 'falkenhost_panel_call_failures_total',
      help: 'Job queue panel calls that failed and wait for their retry, by task kind',
      labelNames: ['kind'] as const,
      registers,
    }),
  };
}

/** Records every request's duration (unmatched ones as `unmatched`); register before any route. */
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

/** `GET /metrics`: 404 without METRICS_TOKEN, 401 without its bearer token, else the exposition. */
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
