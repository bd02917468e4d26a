/** Configuration from environment variables, validated at start-up (demo.md "Modes"). */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PANEL_KINDS, PANEL_LIMITS, type PanelKind } from '@falkenhost/pterodactyl/kinds';
import { z } from 'zod';
import { demoSecrets } from './demo-secrets';
import { emulatorRateLimit, panelKeyLines, panelKind, withPanelAliases } from './panel-config';
import { demoRenewalRetryDays, renewalRetryDays } from './renewal-config';

const secret = z.string().min(32, 'must be at least 32 characters');
const url = z.url();
const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info');

const productionSchema = z
  .object({
    APP_MODE: z.literal('production'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: url,
    DATABASE_URL: z.string().regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres:// or sqlite:'),
    PANEL_KIND: z.enum(PANEL_KINDS).default('pterodactyl'),
    PANEL_URL: url,
    PANEL_APP_KEY: z.string(),
    PANEL_CLIENT_KEY: z.string(),
    PANEL_PUBLIC_URL: url.optional(),
    MOLLIE_API_KEY: z
      .string()
      .regex(/^(live|test)_\w{20,}$/, 'must be a Mollie API key (live_... or test_...)'),
    MOLLIE_API_URL: url.default('https://api.mollie.com'),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be smtp:// or smtps://'),
    MAIL_FROM: z.string().min(3).default('Falkenhost <no-reply@falkenhost.example>'),
    CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile']).default('altcha'),
    CAPTCHA_SECRET: secret,
    TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
    TURNSTILE_SITE_KEY: z.string().min(1).optional(),
    ACCESS_TOKEN_SECRET: secret,
    CODE_SECRET: secret,
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, ctx) => {
        const v = value.trim();
        if (v === 'false' || v === '0' || v === '') return false;
        const entries = v.split(',').map((e) => e.trim());
        if (entries.every((e) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(e)))
          return entries.join(',');
        ctx.addIssue({
          code: 'custom',
          message: "must be false or the reverse proxies' addresses, e.g. loopback or 10.0.0.0/8 (not true)",
        });
        return z.NEVER;
      }),
    SUSPEND_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    RENEWAL_RETRY_DAYS: renewalRetryDays,
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    PRIVATE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    PANEL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
    PANEL_CLIENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
    ALTCHA_COST: z.coerce.number().int().min(1).default(5_000),
    LOG_LEVEL: logLevel,
    SUPPLIER_NAME: z.string().trim().min(2),
    SUPPLIER_ADDRESS: z.string().trim().min(5),
    SUPPLIER_COMPANY_ID: z.string().trim().min(2),
    SUPPLIER_EMAIL: z.email(),
    SUPPLIER_WEB: z.string().trim().optional(),
    SUPPLIER_BANK_ACCOUNT: z.string().trim().optional(),
    LINK_WEBSITE: url.optional(),
    LINK_COMMUNITY: url.optional(),
    LINK_SOCIAL: url.optional(),
    LINK_PANEL: url.optional(),
    UPLOAD_DIR: z.string().trim().min(1).optional(),
    SITE_CONTENT_DIR: z
      .string()
      .trim()
      .min(1)
      .refine((dir) => existsSync(dir), 'must be an existing folder (partners.json, documents/<language>/)')
      .optional(),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 characters without spaces')
      .optional(),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
    JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
    STAFF_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.CAPTCHA_PROVIDER !== 'turnstile') return;
    for (const key of ['TURNSTILE_SECRET_KEY', 'TURNSTILE_SITE_KEY'] as const)
      if (!e[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'required when CAPTCHA_PROVIDER=turnstile' });
  });

/** Days a server stays suspended, and the rate limits (requests per minute). */
export interface Limits {
  suspendDays: number;
  /** RENEWAL_RETRY_DAYS: days after a failed monthly renewal on which it is tried again, rising */
  renewalRetryDays: number[];
  rateLimitPerMinute: number;
  /** requests per minute and customer on every /api/private route without a stricter limit */
  privateRateLimitPerMinute: number;
  /** the panel's Application API limit per key and minute (its `config/http.php`) */
  panelRateLimitPerMinute: number;
  /** whether the demo's panel emulator enforces the panel's API rate limits (false in production) */
  panelEmulatorRateLimit: boolean;
  panelClientRateLimitPerMinute: number;
}

export interface Config extends Limits {
  mode: 'demo' | 'production';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  /** the game panel: which one (PANEL_KIND), its API address and keys, and the address customers open */
  panel: { kind: PanelKind; url: string; applicationKey: string; clientKey: string; panelUrl: string };
  mollie: { apiKey: string; apiUrl: string };
  mail: { smtpUrl: string | null; from: string };
  captcha: {
    provider: 'altcha' | 'turnstile';
    secret: string;
    turnstileSecretKey?: string;
    turnstileSiteKey?: string;
    cost: number;
  };
  accessTokenSecret: string;
  codeSecret: string;
  /** false, or the reverse proxies' addresses/CIDRs (never `true`: any client's X-Forwarded-For would count) */
  trustProxy: false | string;
  logLevel: z.infer<typeof logLevel>;
  /** the seller named on every invoice (a Czech company, not a VAT payer; README "Invoices") */
  supplier: Supplier;
  /** the dashboard home's external links (product.md "Dashboard home"); null: not shown */
  links: ExternalLinks;
  webDist: string;
  dataDir: string;
  /** where staff-uploaded game and package images are kept (UPLOAD_DIR; served under /uploads/) */
  uploadDir: string;
  /** the public site's partners and documents (SITE_CONTENT_DIR); null: none */
  siteContentDir: string | null;
  /** the bearer token `/metrics` asks for (METRICS_TOKEN); null: /metrics answers 404 (production) */
  metricsToken: string | null;
  /** seconds a SIGTERM or SIGINT may take to finish requests and jobs */
  shutdownTimeoutSeconds: number;
  /** seconds between two runs of the jobs' tick on this instance (docs/decisions/093-jobs-interval.md) */
  jobsIntervalSeconds: number;
  /**
   * where staff notifications are posted (STAFF_WEBHOOK_URL, e.g. a Discord webhook;
   * docs/decisions/191-staff-webhook.md); null: none are queued. The demo posts them to itself by default.
   */
  staffWebhookUrl: string | null;
}

/** LINK_* (README "Configuration"): website, chat community, social page, game panel. */
export interface ExternalLinks {
  website: string | null;
  community: string | null;
  social: string | null;
  panel: string | null;
}

/** The demo's own staff webhook (http/routes/dev): the notifications show on the mailbox page. */
export const DEMO_STAFF_WEBHOOK_PATH = '/api/dev/staff-webhook';

const DEMO_LINKS = {
  community: 'https://community.falkenhost.example',
  social: 'https://social.falkenhost.example/@falkenhost',
};

/** The seller on invoices: `addressLines` from SUPPLIER_ADDRESS split at `|` (or new lines). */
export interface Supplier {
  name: string;
  addressLines: string[];
  companyId: string;
  email: string;
  web?: string;
  bankAccount?: string;
}

function supplierFrom(e: {
  SUPPLIER_NAME: string;
  SUPPLIER_ADDRESS: string;
  SUPPLIER_COMPANY_ID: string;
  SUPPLIER_EMAIL: string;
  SUPPLIER_WEB?: string | undefined;
  SUPPLIER_BANK_ACCOUNT?: string | undefined;
}): Supplier {
  return {
    name: e.SUPPLIER_NAME,
    addressLines: e.SUPPLIER_ADDRESS.split(/\||\n/)
      .map((l) => l.trim())
      .filter((l) => l !== ''),
    companyId: e.SUPPLIER_COMPANY_ID,
    email: e.SUPPLIER_EMAIL,
    ...(e.SUPPLIER_WEB ? { web: e.SUPPLIER_WEB } : {}),
    ...(e.SUPPLIER_BANK_ACCOUNT ? { bankAccount: e.SUPPLIER_BANK_ACCOUNT } : {}),
  };
}

const DEMO_SUPPLIER = {
  SUPPLIER_NAME: 'Falkenhost s.r.o.',
  SUPPLIER_ADDRESS: 'Vodičkova 1935/38|110 00 Praha 1|Česká republika',
  SUPPLIER_COMPANY_ID: '12345678',
  SUPPLIER_EMAIL: 'billing@falkenhost.example',
  SUPPLIER_WEB: 'https://falkenhost.example',
};

const apiRoot = (() => {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();
const webDist = resolve(apiRoot, '../web/dist');
const demoSiteContent = resolve(apiRoot, 'site-content');

/** @param env process.env or a test's own variables. @throws Error naming every wrong or missing variable */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const mode = env.APP_MODE ?? 'demo';
  // A production variable without APP_MODE is a forgotten APP_MODE=production, not a demo: the demo would
  // mount the fake Mollie (free credits) and the mailbox (everyone's codes).
  const productionOnly = [
    'MOLLIE_API_KEY',
    'PANEL_URL',
    'PANEL_APP_KEY',
    'PTERODACTYL_URL',
    'PTERODACTYL_APP_KEY',
    'SMTP_URL',
  ];
  const stray = productionOnly.filter((name) => env[name]);
  if (env.APP_MODE === undefined && stray.length > 0) {
    throw new Error(
      `Invalid configuration:\n  APP_MODE: set APP_MODE=production (or APP_MODE=demo) when ${stray.join(', ')} is set`,
    );
  }
  if (mode === 'production') return productionConfig(env);
  if (mode !== 'demo')
    throw new Error(`Invalid configuration:\n  APP_MODE: must be demo or production, got ${mode}`);
  return demoConfig(env);
}

type ProductionEnv = z.infer<typeof productionSchema>;

/** APP_MODE=production: every value from `env`, checked. @throws Error naming every wrong or missing one */
function productionConfig(env: Record<string, string | undefined>): Config {
  const given = withPanelAliases(env);
  const parsed = productionSchema.safeParse(given);
  // The keys are judged by PANEL_KIND even when other variables are wrong, so every mistake is named at once.
  const keyLines = panelKeyLines(given);
  if (!parsed.success || keyLines.length > 0) {
    const lines = (parsed.error?.issues ?? [])
      .filter((i) => !keyLines.some((line) => line.startsWith(`  ${i.path.join('.')}:`)))
      .map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${[...lines, ...keyLines].join('\n')}`);
  }
  const e = parsed.data;
  return {
    mode: 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    panel: productionPanel(e),
    mollie: { apiKey: e.MOLLIE_API_KEY, apiUrl: e.MOLLIE_API_URL },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      secret: e.CAPTCHA_SECRET,
      turnstileSecretKey: e.TURNSTILE_SECRET_KEY,
      turnstileSiteKey: e.TURNSTILE_SITE_KEY,
      cost: e.ALTCHA_COST,
    },
    accessTokenSecret: e.ACCESS_TOKEN_SECRET,
    codeSecret: e.CODE_SECRET,
    trustProxy: e.TRUST_PROXY,
    ...productionLimits(e),
    logLevel: e.LOG_LEVEL,
    supplier: supplierFrom(e),
    links: productionLinks(e),
    webDist,
    dataDir: resolve('data'),
    uploadDir: resolve(e.UPLOAD_DIR ?? 'data/uploads'),
    siteContentDir: e.SITE_CONTENT_DIR ? resolve(e.SITE_CONTENT_DIR) : null,
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    jobsIntervalSeconds: e.JOBS_INTERVAL_SECONDS,
    staffWebhookUrl: e.STAFF_WEBHOOK_URL ?? null,
  };
}

/** The panel's kind, API address and keys, and the address customers open (PANEL_URL's if not set). */
function productionPanel(e: ProductionEnv): Config['panel'] {
  return {
    kind: e.PANEL_KIND,
    url: e.PANEL_URL.replace(/\/$/, ''),
    applicationKey: e.PANEL_APP_KEY,
    clientKey: e.PANEL_CLIENT_KEY,
    panelUrl: (e.PANEL_PUBLIC_URL ?? e.PANEL_URL).replace(/\/$/, ''),
  };
}

/** Production's suspension days and rate limits (requests per minute); no panel emulator to limit. */
function productionLimits(e: ProductionEnv): Limits {
  return {
    suspendDays: e.SUSPEND_DAYS,
    renewalRetryDays: e.RENEWAL_RETRY_DAYS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    privateRateLimitPerMinute: e.PRIVATE_RATE_LIMIT_PER_MINUTE,
    panelRateLimitPerMinute: e.PANEL_RATE_LIMIT_PER_MINUTE ?? PANEL_LIMITS[e.PANEL_KIND].applicationPerMinute,
    panelEmulatorRateLimit: false,
    panelClientRateLimitPerMinute:
      e.PANEL_CLIENT_RATE_LIMIT_PER_MINUTE ?? PANEL_LIMITS[e.PANEL_KIND].clientPerMinute,
  };
}

/** LINK_*: the website defaults to PUBLIC_URL and the panel to the panel's address, the others to none. */
function productionLinks(e: ProductionEnv): ExternalLinks {
  return {
    website: e.LINK_WEBSITE ?? e.PUBLIC_URL.replace(/\/$/, ''),
    community: e.LINK_COMMUNITY ?? null,
    social: e.LINK_SOCIAL ?? null,
    panel: e.LINK_PANEL ?? (e.PANEL_PUBLIC_URL ?? e.PANEL_URL).replace(/\/$/, ''),
  };
}

/** APP_MODE=demo: the emulators, secrets kept in DATA_DIR, the rest from `env` or defaults. @throws Error */
function demoConfig(env: Record<string, string | undefined>): Config {
  const port = Number(env.PORT ?? 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const s = demoSecrets(dataDir);
  const kind = panelKind(env.PANEL_KIND);
  return {
    mode: 'demo',
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    databaseUrl: env.DATABASE_URL || `sqlite:${resolve(dataDir, 'falkenhost.db')}`,
    panel: {
      kind,
      url: `${publicUrl}/_emulators/${kind}`,
      applicationKey: kind === 'pelican' ? s.pelicanApp : s.pteroApp,
      clientKey: kind === 'pelican' ? s.pelicanClient : s.pteroClient,
      panelUrl: `${publicUrl}/_emulators/${kind}`,
    },
    mollie: { apiKey: s.mollie, apiUrl: `${publicUrl}/_emulators/mollie` },
    mail: { smtpUrl: null, from: 'Falkenhost <no-reply@falkenhost.example>' },
    captcha: { provider: 'altcha', secret: s.captcha, cost: Number(env.ALTCHA_COST ?? 2_000) },
    accessTokenSecret: s.access,
    codeSecret: s.code,
    trustProxy: false,
    ...demoLimits(env, kind),
    logLevel: logLevel.parse(env.LOG_LEVEL ?? 'warn'),
    supplier: demoSupplier(env),
    links: {
      website: env.LINK_WEBSITE || publicUrl,
      community: env.LINK_COMMUNITY || DEMO_LINKS.community,
      social: env.LINK_SOCIAL || DEMO_LINKS.social,
      panel: env.LINK_PANEL || `${publicUrl}/_emulators/${kind}`,
    },
    webDist,
    dataDir,
    uploadDir: resolve(env.UPLOAD_DIR ?? resolve(dataDir, 'uploads')),
    siteContentDir: resolve(env.SITE_CONTENT_DIR || demoSiteContent),
    metricsToken: env.METRICS_TOKEN || s.metrics,
    shutdownTimeoutSeconds: Number(env.SHUTDOWN_TIMEOUT_SECONDS ?? 25),
    jobsIntervalSeconds: Math.min(60, Math.max(1, Math.trunc(Number(env.JOBS_INTERVAL_SECONDS ?? 60)) || 60)),
    staffWebhookUrl: env.STAFF_WEBHOOK_URL || `${publicUrl}${DEMO_STAFF_WEBHOOK_PATH}`,
  };
}

/** The demo's suspension days and rate limits (per minute), from `env` or defaults. @throws Error */
function demoLimits(env: Record<string, string | undefined>, kind: PanelKind): Limits {
  return {
    suspendDays: Number(env.SUSPEND_DAYS ?? 7),
    renewalRetryDays: demoRenewalRetryDays(env.RENEWAL_RETRY_DAYS),
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 30),
    privateRateLimitPerMinute: Number(env.PRIVATE_RATE_LIMIT_PER_MINUTE ?? 600),
    panelRateLimitPerMinute: Number(
      env.PANEL_RATE_LIMIT_PER_MINUTE ?? PANEL_LIMITS[kind].applicationPerMinute,
    ),
    panelEmulatorRateLimit: emulatorRateLimit(
      env.PANEL_EMULATOR_RATE_LIMIT ?? env.PTERODACTYL_EMULATOR_RATE_LIMIT,
    ),
    panelClientRateLimitPerMinute: Number(
      env.PANEL_CLIENT_RATE_LIMIT_PER_MINUTE ?? PANEL_LIMITS[kind].clientPerMinute,
    ),
  };
}

/** The demo's seller: each SUPPLIER_* that is set, else DEMO_SUPPLIER's (no bank account by default). */
function demoSupplier(env: Record<string, string | undefined>): Supplier {
  return supplierFrom({
    SUPPLIER_NAME: env.SUPPLIER_NAME || DEMO_SUPPLIER.SUPPLIER_NAME,
    SUPPLIER_ADDRESS: env.SUPPLIER_ADDRESS || DEMO_SUPPLIER.SUPPLIER_ADDRESS,
    SUPPLIER_COMPANY_ID: env.SUPPLIER_COMPANY_ID || DEMO_SUPPLIER.SUPPLIER_COMPANY_ID,
    SUPPLIER_EMAIL: env.SUPPLIER_EMAIL || DEMO_SUPPLIER.SUPPLIER_EMAIL,
    SUPPLIER_WEB: env.SUPPLIER_WEB || DEMO_SUPPLIER.SUPPLIER_WEB,
    SUPPLIER_BANK_ACCOUNT: env.SUPPLIER_BANK_ACCOUNT,
  });
}
