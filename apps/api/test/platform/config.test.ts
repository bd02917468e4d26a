import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';

const production = {
  APP_MODE: 'production',
  PUBLIC_URL: 'https://falkenhost.example',
  DATABASE_URL: 'postgres://falkenhost:secret@db:5432/falkenhost',
  PANEL_URL: 'https://panel.falkenhost.example',
  PANEL_APP_KEY: `ptla_${'a'.repeat(43)}`,
  PANEL_CLIENT_KEY: `ptlc_${'b'.repeat(43)}`,
  MOLLIE_API_KEY: `live_${'c'.repeat(30)}`,
  SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
  CAPTCHA_SECRET: 'x'.repeat(32),
  ACCESS_TOKEN_SECRET: 'y'.repeat(32),
  CODE_SECRET: 'z'.repeat(32),
  SUPPLIER_NAME: 'Hostovna s.r.o.',
  SUPPLIER_ADDRESS: 'Náměstí Míru 1 | 120 00 Praha 2 | Česká republika',
  SUPPLIER_COMPANY_ID: '87654321',
  SUPPLIER_EMAIL: 'faktury@hostovna.example',
};

describe('production configuration', () => {
  it('accepts a complete configuration', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({
      mode: 'production',
      port: 3000,
      publicUrl: 'https://falkenhost.example',
      mollie: { apiUrl: 'https://api.mollie.com' },
      mail: { smtpUrl: 'smtps://mailer:secret@smtp.example:465' },
      suspendDays: 7,
      supplier: {
        name: 'Hostovna s.r.o.',
        addressLines: ['Náměstí Míru 1', '120 00 Praha 2', 'Česká republika'],
        companyId: '87654321',
        email: 'faktury@hostovna.example',
      },
    });
  });

  it('takes the dashboard links from LINK_*, with the site and the panel as defaults', () => {
    expect(loadConfig(production).links).toEqual({
      website: 'https://falkenhost.example',
      community: null,
      social: null,
      panel: 'https://panel.falkenhost.example',
    });
    const links = {
      LINK_WEBSITE: 'https://www.falkenhost.example',
      LINK_COMMUNITY: 'https://discord.gg/example',
      LINK_SOCIAL: 'https://social.example/@falkenhost',
      LINK_PANEL: 'https://games.falkenhost.example',
    };
    expect(loadConfig({ ...production, ...links }).links).toEqual({
      website: links.LINK_WEBSITE,
      community: links.LINK_COMMUNITY,
      social: links.LINK_SOCIAL,
      panel: links.LINK_PANEL,
    });
    expect(() => loadConfig({ ...production, LINK_SOCIAL: 'not a url' })).toThrow(/LINK_SOCIAL/);
  });

  it('needs the supplier named on invoices', () => {
    const { SUPPLIER_NAME: _n, SUPPLIER_COMPANY_ID: _c, ...rest } = production;
    expect(() => loadConfig(rest)).toThrow(/SUPPLIER_NAME[\s\S]*SUPPLIER_COMPANY_ID/);
  });

  it('takes the public site content from SITE_CONTENT_DIR: none in production unless set, the samples in the demo', () => {
    expect(loadConfig(production).siteContentDir).toBeNull();
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-site-'));
    try {
      expect(loadConfig({ ...production, SITE_CONTENT_DIR: dir }).siteContentDir).toBe(dir);
      expect(() => loadConfig({ ...production, SITE_CONTENT_DIR: join(dir, 'missing') })).toThrow(
        /SITE_CONTENT_DIR: must be an existing folder/,
      );
      const demo = loadConfig({ APP_MODE: 'demo', DATA_DIR: dir });
      expect(demo.siteContentDir).toMatch(/apps\/api\/site-content$/);
      expect(loadConfig({ APP_MODE: 'demo', DATA_DIR: dir, SITE_CONTENT_DIR: dir }).siteContentDir).toBe(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every missing or wrong variable', () => {
    const { DATABASE_URL: _db, SMTP_URL: _smtp, ...rest } = production;
    const message = (() => {
      try {
        loadConfig({ ...rest, PANEL_APP_KEY: 'not-a-key', ACCESS_TOKEN_SECRET: 'short' });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'PANEL_APP_KEY', 'ACCESS_TOKEN_SECRET']) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('MOLLIE_API_KEY');
  });

  it('drives the panel PANEL_KIND names, refusing a key of the other panel by its name', () => {
    expect(loadConfig(production).panel).toMatchObject({ kind: 'pterodactyl', url: production.PANEL_URL });
    expect(loadConfig(production)).toMatchObject({
      panelRateLimitPerMinute: 240,
      panelClientRateLimitPerMinute: 720,
    });
    const pelicanKeys = {
      PANEL_APP_KEY: `papp_${'a'.repeat(43)}`,
      PANEL_CLIENT_KEY: `pacc_${'b'.repeat(43)}`,
    };
    expect(() => loadConfig({ ...production, ...pelicanKeys })).toThrow(
      'PANEL_APP_KEY: is a Pelican application key (papp_...), but PANEL_KIND is pterodactyl: set PANEL_KIND=pelican, or give a Pterodactyl application key (ptla_...)',
    );
    expect(() => loadConfig({ ...production, PANEL_KIND: 'pelican' })).toThrow(
      /PANEL_APP_KEY: is a Pterodactyl application key \(ptla_\.\.\.\), but PANEL_KIND is pelican[\s\S]*PANEL_CLIENT_KEY: is a Pterodactyl client key/,
    );
    const pelican = loadConfig({ ...production, ...pelicanKeys, PANEL_KIND: 'pelican' });
    expect(pelican.panel).toMatchObject({ kind: 'pelican', applicationKey: pelicanKeys.PANEL_APP_KEY });
    // Pelican's own defaults: 256 application and 256 client requests a minute.
    expect(pelican).toMatchObject({ panelRateLimitPerMinute: 256, panelClientRateLimitPerMinute: 256 });
    expect(() => loadConfig({ ...production, PANEL_CLIENT_KEY: production.PANEL_APP_KEY })).toThrow(
      'PANEL_CLIENT_KEY: is a Pterodactyl application key; give the client key (ptlc_...)',
    );
  });

  it('still reads the panel from the PTERODACTYL_* variables set before PANEL_KIND', () => {
    const { PANEL_URL, PANEL_APP_KEY, PANEL_CLIENT_KEY, ...rest } = production;
    const config = loadConfig({
      ...rest,
      PTERODACTYL_URL: PANEL_URL,
      PTERODACTYL_APP_KEY: PANEL_APP_KEY,
      PTERODACTYL_CLIENT_KEY: PANEL_CLIENT_KEY,
    });
    expect(config.panel).toMatchObject({ kind: 'pterodactyl', url: PANEL_URL, clientKey: PANEL_CLIENT_KEY });
  });

  it('needs both Turnstile keys when Turnstile is the captcha', () => {
    expect(() => loadConfig({ ...production, CAPTCHA_PROVIDER: 'turnstile' })).toThrow(
      /TURNSTILE_SECRET_KEY[\s\S]*TURNSTILE_SITE_KEY/,
    );
    const config = loadConfig({
      ...production,
      CAPTCHA_PROVIDER: 'turnstile',
      TURNSTILE_SECRET_KEY: '0x4AAAAAAA-secret',
      TURNSTILE_SITE_KEY: '0x4AAAAAAA-site',
    });
    expect(config.captcha).toMatchObject({
      provider: 'turnstile',
      turnstileSecretKey: '0x4AAAAAAA-secret',
      turnstileSiteKey: '0x4AAAAAAA-site',
    });
  });

  it('trusts X-Forwarded-For only from the proxies named in TRUST_PROXY', () => {
    expect(loadConfig(production).trustProxy).toBe(false);
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe(
      '10.0.0.0/8,loopback',
    );
    // true would let any client pick its own address (and so its own rate limit).
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses to start the demo when production variables are set without APP_MODE', () => {
    const { APP_MODE: _mode, ...withoutMode } = production;
    expect(() => loadConfig(withoutMode)).toThrow(/APP_MODE=production/);
  });

  it('runs the demo on the emulator of PANEL_KIND, with keys of that panel kept in the data folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-config-'));
    try {
      const pterodactyl = loadConfig({ APP_MODE: 'demo', DATA_DIR: dir }).panel;
      expect(pterodactyl).toMatchObject({
        kind: 'pterodactyl',
        url: 'http://localhost:3000/_emulators/pterodactyl',
      });
      expect(pterodactyl.applicationKey).toMatch(/^ptla_\w{43}$/);
      const pelican = loadConfig({ APP_MODE: 'demo', DATA_DIR: dir, PANEL_KIND: 'pelican' });
      expect(pelican.panel).toMatchObject({
        kind: 'pelican',
        url: 'http://localhost:3000/_emulators/pelican',
      });
      expect(pelican.panel.applicationKey).toMatch(/^papp_\w{43}$/);
      expect(pelican.panel.clientKey).toMatch(/^pacc_\w{43}$/);
      expect(pelican).toMatchObject({ panelRateLimitPerMinute: 256, panelClientRateLimitPerMinute: 256 });
      // The same keys on the next start.
      expect(loadConfig({ APP_MODE: 'demo', DATA_DIR: dir, PANEL_KIND: 'pelican' }).panel).toEqual(
        pelican.panel,
      );
      expect(() => loadConfig({ APP_MODE: 'demo', DATA_DIR: dir, PANEL_KIND: 'wisp' })).toThrow(/PANEL_KIND/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown mode', () => {
    expect(() => loadConfig({ APP_MODE: 'staging' })).toThrow(/APP_MODE/);
  });
});

describe('operations configuration (issue 11)', () => {
  it('enables /metrics in production only with a METRICS_TOKEN of at least 32 characters', () => {
    expect(loadConfig(production).metricsToken).toBeNull();
    const token = 'k'.repeat(40);
    expect(loadConfig({ ...production, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ ...production, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...production, METRICS_TOKEN: `${'k'.repeat(20)} ${'k'.repeat(20)}` })).toThrow(
      /METRICS_TOKEN/,
    );
  });

  it('takes the jobs interval from JOBS_INTERVAL_SECONDS (1 to 60, default 60)', () => {
    expect(loadConfig(production).jobsIntervalSeconds).toBe(60);
    expect(loadConfig({ ...production, JOBS_INTERVAL_SECONDS: '1' }).jobsIntervalSeconds).toBe(1);
    for (const wrong of ['0', '61', '2.5', 'often'])
      expect(() => loadConfig({ ...production, JOBS_INTERVAL_SECONDS: wrong }), wrong).toThrow(
        /JOBS_INTERVAL_SECONDS/,
      );
  });

  it('takes the renewal retry days from RENEWAL_RETRY_DAYS (1 to 5 rising days of 1 to 14, default 1,3)', () => {
    expect(loadConfig(production).renewalRetryDays).toEqual([1, 3]);
    expect(loadConfig({ ...production, RENEWAL_RETRY_DAYS: ' 2, 5 ,7' }).renewalRetryDays).toEqual([2, 5, 7]);
    expect(loadConfig({ ...production, RENEWAL_RETRY_DAYS: '1' }).renewalRetryDays).toEqual([1]);
    for (const wrong of ['0', '3,1', '1,1', '15', '1.5', 'daily', '1,2,3,4,5,6', '1,,3', '-1'])
      expect(() => loadConfig({ ...production, RENEWAL_RETRY_DAYS: wrong }), wrong).toThrow(
        /RENEWAL_RETRY_DAYS/,
      );
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dir, RENEWAL_RETRY_DAYS: '2' }).renewalRetryDays).toEqual([2]);
      expect(() => loadConfig({ DATA_DIR: dir, RENEWAL_RETRY_DAYS: '9,4' })).toThrow(/RENEWAL_RETRY_DAYS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the staff webhook from STAFF_WEBHOOK_URL (optional, http or https; none in production)', () => {
    expect(loadConfig(production).staffWebhookUrl).toBeNull();
    const discord = 'https://discord.com/api/webhooks/123/abc';
    expect(loadConfig({ ...production, STAFF_WEBHOOK_URL: discord }).staffWebhookUrl).toBe(discord);
    for (const wrong of ['discord', 'ftp://hooks.example/x'])
      expect(() => loadConfig({ ...production, STAFF_WEBHOOK_URL: wrong }), wrong).toThrow(
        /STAFF_WEBHOOK_URL/,
      );
    // The demo posts them to itself; the mailbox page shows them.
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-config-'));
    try {
      expect(loadConfig({ APP_MODE: 'demo', DATA_DIR: dir, PORT: '3100' }).staffWebhookUrl).toBe(
        'http://localhost:3100/api/dev/staff-webhook',
      );
      expect(
        loadConfig({ APP_MODE: 'demo', DATA_DIR: dir, STAFF_WEBHOOK_URL: discord }).staffWebhookUrl,
      ).toBe(discord);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the shutdown deadline from SHUTDOWN_TIMEOUT_SECONDS (default 25)', () => {
    expect(loadConfig(production).shutdownTimeoutSeconds).toBe(25);
    expect(loadConfig({ ...production, SHUTDOWN_TIMEOUT_SECONDS: '60' }).shutdownTimeoutSeconds).toBe(60);
    for (const wrong of ['0', '-5', 'soon', '601'])
      expect(() => loadConfig({ ...production, SHUTDOWN_TIMEOUT_SECONDS: wrong }), wrong).toThrow(
        /SHUTDOWN_TIMEOUT_SECONDS/,
      );
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-config-'));
    try {
      expect(loadConfig({ APP_MODE: 'demo', DATA_DIR: dir }).shutdownTimeoutSeconds).toBe(25);
      expect(
        loadConfig({ APP_MODE: 'demo', DATA_DIR: dir, SHUTDOWN_TIMEOUT_SECONDS: '5' }).shutdownTimeoutSeconds,
      ).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('protects the demo /metrics with a token kept in data/secrets.json, or METRICS_TOKEN', () => {
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-config-'));
    try {
      const first = loadConfig({ APP_MODE: 'demo', DATA_DIR: dir }).metricsToken;
      expect(first).toMatch(/^\w{40}$/);
      expect(loadConfig({ APP_MODE: 'demo', DATA_DIR: dir }).metricsToken).toBe(first);
      const secrets = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'));
      expect(secrets.metrics).toBe(first);
      expect(loadConfig({ APP_MODE: 'demo', DATA_DIR: dir, METRICS_TOKEN: 'mine' }).metricsToken).toBe(
        'mine',
      );
      // A secrets file from an earlier version gets a token added and keeps its other secrets.
      const { metrics: _metrics, ...older } = secrets;
      writeFileSync(join(dir, 'secrets.json'), JSON.stringify(older));
      const upgraded = loadConfig({ APP_MODE: 'demo', DATA_DIR: dir });
      expect(upgraded.metricsToken).toMatch(/^\w{40}$/);
      expect(upgraded.accessTokenSecret).toBe(older.access);
      expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).metrics).toBe(upgraded.metricsToken);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
