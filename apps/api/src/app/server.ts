/**
 * Builds the whole product server: database, integrations, API routes, the built web client and, in the
 * demo, the Pterodactyl and Mollie emulators mounted on the same server and reached by the real clients
 * over HTTP (architecture.md, "Modes").
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createPterodactylClient } from '@falkenhost/pterodactyl/client';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Client as MollieClient } from 'mollie-api-typescript';
import { invoiceAttachment } from '../billing/invoice-files';
import { UPLOADS_PREFIX } from '../catalog/uploads';
import { customerKey } from '../http/customer-limit';
import apiRoutes from '../http/routes/api';
import { createCaptcha } from '../identity/captcha';
import { type DemoEmulators, type EmulatorTiming, mountEmulators } from '../integrations/emulators';
import { SocketRelay, type SocketRelayOptions } from '../panel/socket-relay';
import { type Clock, createClock, createPersistentClock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { AppContext } from '../platform/context';
import { openDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { createMailer } from '../platform/mail/mailer';
import { createMetrics, recordRequestDurations, registerMetricsRoute } from '../platform/metrics';
import { refuseForeignOrigins } from '../platform/origin-check';
import { createPublicCache } from '../platform/public-cache';
import { BatchedCounters, databaseRateLimitStore } from '../platform/rate-limit-store';
import { bufferedStdout, lazyChildLogger, OneLineRequestLog } from '../platform/request-log';
import { apiSecurityHeaders } from '../platform/security-headers';
import { loadSiteContent } from '../platform/site-content';
import { TurnWrites } from '../platform/turn-writes';
import { registerCompression, registerWeb } from '../site';

export interface ProductServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** the mounted emulators (demo mode), for tests and the demo's own controls */
  emulators: DemoEmulators | null;
  /**
   * Stops taking requests, lets those in flight finish for `graceMs` (default 3 s) and then closes their
   * connections, waits for `alsoAwait` (the running job step), then closes the emulators and the database.
   */
  close(options?: { graceMs?: number; alsoAwait?: Promise<unknown> }): Promise<void>;
}

export interface ServerOptions {
  /** pino logger options, or false for none (tests) */
  logger?: boolean | object;
  /** the product's clock, shared with the emulators (default: the system time, movable in the demo) */
  clock?: Clock;
  /** PostgreSQL schema to use (tests give each run its own) */
  databaseSchema?: string;
  /** the Wings stats interval, token timings and install time of the emulated panel (tests shorten them) */
  emulatorTiming?: EmulatorTiming;
  /** the live-stats relay's timings (tests shorten them) */
  socketRelay?: SocketRelayOptions;
  /** keep the demo emulators' records in this folder across restarts (the demo; not tests) */
  emulatorDataDir?: string;
  /**
   * The demo's Mollie emulator refuses webhook URLs Mollie could not reach (localhost, private ranges)
   * with Mollie's 422, as real Mollie does for a host on a laptop (a test of the webhook-less path)
   */
  mollieStrictWebhookUrls?: boolean;
}

/** How long `close()` lets requests in flight finish before it closes their connections. */
const CLOSE_GRACE_MS = 3_000;

/**
 * Time limits for slow or idle clients (docs/operations.md "Time-outs and graceful shutdown"): the request
 * line and headers must arrive within 10 s and the whole request with its body within 30 s; a kept-alive
 * connection is closed after 72 s without a request (longer than the reverse proxy keeps idle
 * connections, so the proxy never reuses one the server is closing); a connection with no traffic at all
 * for 10 minutes is closed. Node checks the first two every 30 s, so they act within 30 s of the limit.
 * Answers may take longer.
 */
const TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 72_000,
  idleMs: 600_000,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** the demo's emulators (null in production): the demo clock drives Mollie's subscriptions */
    demoEmulators: DemoEmulators | null;
    /** this instance's live-stats relay (panel/socket-relay.ts) */
    socketRelay: SocketRelay;
  }
}

/**
 * @throws Error when the database cannot be opened or migrated, or SITE_CONTENT_DIR's partners.json is
 * broken (platform/site-content.ts)
 */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<ProductServer> {
  // Read first: a broken partners.json stops the start before anything is opened.
  const site = loadSiteContent(config.siteContentDir);
  // The demo's clock goes on after a restart from where it was moved to (platform/clock.ts).
  const clock =
    options.clock ??
    (config.mode === 'demo' ? createPersistentClock(join(config.dataDir, 'clock.json')) : createClock());
  const now = clock.now;
  const database = await openDatabase(config.databaseUrl, { schema: options.databaseSchema });
  await migrateToLatest(database);

  // The product's own log goes to buffered standard output; the request log writes its lines there
  // directly (platform/request-log.ts). Tests bring their own logger options and go through pino alone.
  const stdout = options.logger === undefined ? bufferedStdout() : null;
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? { level: config.logLevel, stream: stdout },
    logController: new OneLineRequestLog(stdout),
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: TIMEOUTS.requestMs,
    keepAliveTimeout: TIMEOUTS.keepAliveMs,
    connectionTimeout: TIMEOUTS.idleMs,
  };
  const app = Fastify(serverOptions);
  app.server.headersTimeout = TIMEOUTS.headersMs;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Brotli or gzip for every route registered after this (web/index.ts).
  await registerCompression(app);
  // While closing, answers still in flight end their kept-alive connection, so close() need not wait for it.
  // Every answer is held until the end of its turn of the event loop and written with the turn's others
  // (platform/turn-writes.ts): the first onSend hook, so the rest of the chain runs when the turn ends.
  let closing = false;
  const turnWrites = new TurnWrites((error) => app.log.error({ err: error }, 'answering an error failed'));
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    turnWrites.hold(reply, done, payload);
  });
  // Websockets for the whole server, before any route: the live-stats relay and, in the demo, the emulated
  // Wings (which then uses this one). Browsers' frames are small: an `auth` with a token.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Metrics per server (tests start many in one process); every request is timed, /metrics needs a token.
  const metrics = createMetrics(database.db, app.log);
  recordRequestDurations(app, metrics);
  registerMetricsRoute(app, metrics, config.metricsToken);

  const emulators =
    config.mode === 'demo'
      ? await mountEmulators(app, config, now, options.emulatorTiming, options.emulatorDataDir, {
          strictWebhookUrls: options.mollieStrictWebhookUrls ?? false,
        })
      : null;

  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    pterodactyl: createPterodactylClient({
      baseUrl: config.pterodactyl.url,
      applicationKey: config.pterodactyl.applicationKey,
      clientKey: config.pterodactyl.clientKey,
      rateLimit: {
        applicationPerMinute: config.panelRateLimitPerMinute,
        clientPerMinute: config.panelClientRateLimitPerMinute,
      },
    }),
    mollie: new MollieClient({ security: { apiKey: config.mollie.apiKey }, serverURL: config.mollie.apiUrl }),
    mailer: createMailer(config.mail.smtpUrl, config.mail.from, now),
    mailAttachments: { invoice: invoiceAttachment },
    captcha: createCaptcha({ ...config.captcha, db: database.db, now }),
    log: app.log,
    publicCache: createPublicCache(),
    site,
    now,
    clock,
    metrics,
  };
  app.decorate('ctx', ctx);
  app.decorate('demoEmulators', emulators);
  const socketRelay = new SocketRelay(ctx, options.socketRelay);
  app.decorate('socketRelay', socketRelay);
  app.addHook('onClose', async () => socketRelay.close());

  await app.register(async (api) => {
    // The security headers that apply to API answers, fixed (platform/security-headers.ts).
    apiSecurityHeaders(api);
    // A foreign Origin is refused before anything else of the request is looked at (platform/origin-check.ts).
    refuseForeignOrigins(api, config);
    await api.register(cookie);
    // Every /api/private route without a stricter limit of its own gets the per-customer limit; this hook
    // runs before the rate-limit plugin's own onRoute hook, which reads the route's config.
    api.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/private') || route.config?.rateLimit !== undefined) return;
      route.config = {
        ...route.config,
        rateLimit: {
          max: config.privateRateLimitPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => customerKey(request, config.accessTokenSecret, now()),
          // Counted in memory and written every second (platform/rate-limit-store.ts).
          batched: true,
        },
      };
    });
    const batchedCounters = new BatchedCounters(database.db, now);
    api.addHook('onClose', () => batchedCounters.close());
    await api.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(database.db, now, batchedCounters),
      // Counting must never break the product: if the database cannot count, the request goes through.
      skipOnError: true,
      // Answers within a limit carry no X-RateLimit-* headers: with batched counting across instances
      // "remaining" is only this instance's estimate, no client of ours reads them, and the three headers
      // were a measurable part of the most called private answers (issue 11, part 4). A 429 still carries
      // them and Retry-After.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
    });
    await api.register(apiRoutes, { prefix: '/api' });
  });

  // Staff-uploaded images: content-addressed names, so a year's immutable cache is safe (catalog/uploads.ts).
  mkdirSync(config.uploadDir, { recursive: true });
  await app.register(async (uploads) => {
    await uploads.register(helmet, { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"] } } });
    await uploads.register(fastifyStatic, {
      root: config.uploadDir,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      wildcard: true,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
    });
  });

  // The built web client, its pages, sitemap.xml and robots.txt (web/index.ts).
  await registerWeb(app, config, ctx);

  return {
    app,
    ctx,
    emulators,
    async close({ graceMs = CLOSE_GRACE_MS, alsoAwait } = {}) {
      // Requests in flight get `graceMs`; then every connection is closed, also sockets a client opened
      // and never used (Node would keep those until its headers time-out).
      closing = true;
      const force = setTimeout(() => app.server.closeAllConnections(), graceMs);
      force.unref();
      await Promise.all([app.close(), alsoAwait]);
      clearTimeout(force);
      emulators?.close();
      await database.destroy();
    },
  };
}
