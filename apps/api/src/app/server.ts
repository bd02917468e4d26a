/** Builds the whole product server, with the demo's emulators mounted on it (demo.md "Modes"). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
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
import { pageSession } from '../http/guards';
import apiRoutes from '../http/routes/api';
import { createCaptcha } from '../identity/captcha';
import { sessionNow } from '../identity/sessions';
import { type DemoEmulators, type EmulatorTiming, mountEmulators } from '../integrations/emulators';
import { registerOrderGauges } from '../orders/order-metrics';
import { registerPanelQueueGauge } from '../panel/panel-metrics';
import { createPanelClient } from '../panel/port';
import { SocketRelay, type SocketRelayOptions } from '../panel/socket-relay';
import { type Clock, createClock, createPersistentClock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { AppContext } from '../platform/context';
import { type Db, openDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { createMailer } from '../platform/mail/mailer';
import { createMetrics, recordRequestDurations, registerMetricsRoute } from '../platform/metrics';
import { refuseForeignOrigins } from '../platform/requests/origin-check';
import { createPublicCache } from '../platform/requests/public-cache';
import { BatchedCounters, databaseRateLimitStore } from '../platform/requests/rate-limit-store';
import { bufferedStdout, lazyChildLogger, OneLineRequestLog } from '../platform/requests/request-log';
import { apiSecurityHeaders } from '../platform/requests/security-headers';
import { TurnWrites } from '../platform/requests/turn-writes';
import { loadSiteContent } from '../platform/site-content';
import { watchedServer } from '../servers/server-socket';
import { registerWeb } from '../site';
import { registerCompression } from '../site/compression';

export interface ProductServer {
  app: FastifyInstance;
  ctx: AppContext;
  emulators: DemoEmulators | null;
  /** Stops taking requests, lets those in flight finish for `graceMs`, waits for `alsoAwait`, closes. */
  close(options?: { graceMs?: number; alsoAwait?: Promise<unknown> }): Promise<void>;
}

export interface ServerOptions {
  logger?: boolean | object;
  clock?: Clock;
  databaseSchema?: string;
  emulatorTiming?: EmulatorTiming;
  socketRelay?: SocketRelayOptions;
  /** keep the demo emulators' records in this folder across restarts */
  emulatorDataDir?: string;
  /** the demo's Mollie emulator refuses unreachable webhook URLs as Mollie does (decision 141) */
  mollieStrictWebhookUrls?: boolean;
}

const CLOSE_GRACE_MS = 3_000;

/** Time limits for slow or idle clients (docs/decisions/096-shutdown-and-timeouts.md). */
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
    socketRelay: SocketRelay;
  }
}

/** @throws Error when the database cannot be opened or migrated, or partners.json is broken */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<ProductServer> {
  // Read first: a broken partners.json stops the start before anything is opened.
  const site = loadSiteContent(config.siteContentDir);
  const clock =
    options.clock ??
    (config.mode === 'demo' ? createPersistentClock(join(config.dataDir, 'clock.json')) : createClock());
  const now = clock.now;
  const database = await openDatabase(config.databaseUrl, { schema: options.databaseSchema });
  await migrateToLatest(database);

  const app = createFastify(config, options.logger);
  await registerCompression(app);
  const startClosing = holdAnswers(app);
  // Websockets for the whole server, before any route (the live-stats relay, the demo's Wings).
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const metrics = createMetrics(database.db, app.log, [registerOrderGauges, registerPanelQueueGauge]);
  recordRequestDurations(app, metrics);
  registerMetricsRoute(app, metrics, config.metricsToken);

  const emulators = await mountDemoEmulators(app, config, now, options);

  const ctx = createContext(config, database, { log: app.log, site, now, clock, metrics });
  app.decorate('ctx', ctx);
  app.decorate('demoEmulators', emulators);
  const socketRelay = new SocketRelay(ctx, watchedServer, options.socketRelay);
  app.decorate('socketRelay', socketRelay);
  app.addHook('onClose', async () => socketRelay.close());

  await registerApi(app, config, database.db, now);
  await registerUploads(app, config);
  await registerWeb(app, config, ctx, (request) => pageSession(app, request));

  return {
    app,
    ctx,
    emulators,
    async close({ graceMs = CLOSE_GRACE_MS, alsoAwait } = {}) {
      // Then every connection is closed, also sockets opened and never used (Node would keep them).
      startClosing();
      const force = setTimeout(() => app.server.closeAllConnections(), graceMs);
      force.unref();
      await Promise.all([app.close(), alsoAwait]);
      clearTimeout(force);
      emulators?.close();
      await database.destroy();
    },
  };
}

/**
 * The Fastify instance: its logger (`logger`, else one at LOG_LEVEL on buffered stdout), the one-line
 * request log, trusted proxies, body and time limits, and zod's validator and serializer.
 */
function createFastify(config: Config, logger: ServerOptions['logger']): FastifyInstance {
  // The request log writes its lines to this buffered output directly; tests bring their own logger.
  const stdout = logger === undefined ? bufferedStdout() : null;
  const serverOptions: FastifyServerOptions = {
    logger: logger ?? { level: config.logLevel, stream: stdout },
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
  return app;
}

/**
 * Holds every answer of `app` to the end of its event-loop turn; once closing, answers end their connection.
 * @returns the function that starts the closing
 */
function holdAnswers(app: FastifyInstance): () => void {
  // Answers still in flight while closing end their kept-alive connection; every answer is held to the end
  // of its event-loop turn (docs/decisions/007-turn-writes.md), from the first onSend hook.
  let closing = false;
  const turnWrites = new TurnWrites((error) => app.log.error({ err: error }, 'answering an error failed'));
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    turnWrites.hold(reply, done, payload);
  });
  return () => {
    closing = true;
  };
}

/** The demo's panel and Mollie emulators, mounted on `app`; null in production. */
async function mountDemoEmulators(
  app: FastifyInstance,
  config: Config,
  now: () => number,
  options: ServerOptions,
): Promise<DemoEmulators | null> {
  return config.mode === 'demo'
    ? await mountEmulators(app, config, now, options.emulatorTiming, options.emulatorDataDir, {
        strictWebhookUrls: options.mollieStrictWebhookUrls ?? false,
      })
    : null;
}

/** The context of every route and service: database, the integrations' clients, caches, clock, metrics. */
function createContext(
  config: Config,
  database: Db,
  parts: Pick<AppContext, 'log' | 'site' | 'now' | 'clock' | 'metrics'>,
): AppContext {
  const { log, site, now, clock, metrics } = parts;
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    panel: createPanelClient(config.panel.kind, {
      baseUrl: config.panel.url,
      applicationKey: config.panel.applicationKey,
      clientKey: config.panel.clientKey,
      rateLimit: {
        applicationPerMinute: config.panelRateLimitPerMinute,
        clientPerMinute: config.panelClientRateLimitPerMinute,
      },
    }),
    mollie: new MollieClient({ security: { apiKey: config.mollie.apiKey }, serverURL: config.mollie.apiUrl }),
    mailer: createMailer(config.mail.smtpUrl, config.mail.from, now),
    mailAttachments: { invoice: invoiceAttachment },
    captcha: createCaptcha({ ...config.captcha, db: database.db, now }),
    log,
    publicCache: createPublicCache(),
    site,
    now,
    clock,
    metrics,
  };
}

/**
 * The /api scope: its security headers, origin check, cookies, the rate limits (counted in `db`, a default
 * per customer on /api/private) and the routes.
 */
async function registerApi(
  app: FastifyInstance,
  config: Config,
  db: Db['db'],
  now: () => number,
): Promise<void> {
  await app.register(async (api) => {
    apiSecurityHeaders(api);
    refuseForeignOrigins(api, config);
    await api.register(cookie);
    // This hook runs before the rate-limit plugin's own onRoute hook, which reads the route's config.
    api.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/private') || route.config?.rateLimit !== undefined) return;
      route.config = {
        ...route.config,
        rateLimit: {
          max: config.privateRateLimitPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) =>
            customerKey(request, config.accessTokenSecret, sessionNow()),
          batched: true,
        },
      };
    });
    const batchedCounters = new BatchedCounters(db, now);
    api.addHook('onClose', () => batchedCounters.close());
    await api.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(db, now, batchedCounters),
      // Counting must never break the product: if the database cannot count, the request goes through.
      skipOnError: true,
      // Within a limit no X-RateLimit-* headers (docs/decisions/002-rate-limits.md).
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
    });
    await api.register(apiRoutes, { prefix: '/api' });
  });
}

/** Staff-uploaded images from UPLOAD_DIR (created if missing) under /uploads/, cached for a year. */
async function registerUploads(app: FastifyInstance, config: Config): Promise<void> {
  // Content-addressed names, so an immutable cache is safe (docs/decisions/045-uploaded-images.md).
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
}
