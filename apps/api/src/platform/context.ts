/**
 * What every route and service may use, decorated onto the Fastify instance as `app.ctx`.
 * Integrations sit behind these small interfaces so tests start the real clients against emulators.
 */

import type { PterodactylClient } from '@falkenhost/pterodactyl/client';
import type {} from '@fastify/cookie';
import type {} from '@fastify/rate-limit';
import type { Challenge } from 'altcha-lib';
import type { FastifyBaseLogger } from 'fastify';
import type { Client as MollieClient } from 'mollie-api-typescript';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import type { MailAttachment, Mailer } from './mail/mailer';
import type { Metrics } from './metrics';
import type { PublicCache } from './public-cache';
import type { SiteContent } from './site-content';

/** The captcha of login and register; identity/captcha.ts makes it (ALTCHA or Turnstile). */
export interface Captcha {
  /** a new ALTCHA challenge for the widget (GET /api/auth/captcha) */
  challenge(): Promise<Challenge>;
  /** @returns true once for a valid, unexpired, unused token; false otherwise (never throws) */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

/** The files a queued mail may carry, by kind, each rendered when the mail is sent (platform/outbox.ts). */
export interface MailAttachmentRenderers {
  /** an invoice's or credit note's PDF (billing/invoice-files.ts) */
  invoice(ctx: AppContext, invoiceId: number): Promise<MailAttachment>;
}

export interface AppContext {
  config: Config;
  db: Db['db'];
  dialect: Db['dialect'];
  pterodactyl: PterodactylClient;
  mollie: MollieClient;
  mailer: Mailer;
  /** given by app/server.ts, so that platform (the outbox) imports no billing */
  mailAttachments: MailAttachmentRenderers;
  captcha: Captcha;
  log: FastifyBaseLogger;
  publicCache: PublicCache;
  /** the public site's partners and documents, read once at start-up (SITE_CONTENT_DIR; platform/site-content.ts) */
  site: SiteContent;
  /** milliseconds since the epoch: `clock.now` */
  now: () => number;
  /** the clock `now` reads; the demo clock and tests move it forward */
  clock: Clock;
  /** the server's Prometheus metrics (platform/metrics.ts); absent in contexts tests and benchmarks build by hand */
  metrics?: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
