/** What every route and service may use (`app.ctx`); integrations behind interfaces, for the emulators. */

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
import type { PublicCache } from './requests/public-cache';
import type { SiteContent } from './site-content';

export interface Captcha {
  challenge(): Promise<Challenge>;
  /** @returns true once for a valid, unexpired, unused token; false otherwise (never throws) */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

/** The files a queued mail may carry, rendered when the mail is sent. */
export interface MailAttachmentRenderers {
  invoice(ctx: AppContext, invoiceId: number): Promise<MailAttachment>;
}

export interface AppContext {
  config: Config;
  db: Db['db'];
  dialect: Db['dialect'];
  /** the game panel, Pterodactyl or Pelican (panel/port.ts): the same interface for both */
  panel: PterodactylClient;
  mollie: MollieClient;
  mailer: Mailer;
  /** given by app/server.ts, so that platform (the outbox) imports no billing */
  mailAttachments: MailAttachmentRenderers;
  captcha: Captcha;
  log: FastifyBaseLogger;
  publicCache: PublicCache;
  site: SiteContent;
  now: () => number;
  clock: Clock;
  /** absent in contexts tests build by hand */
  metrics?: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
