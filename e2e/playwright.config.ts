import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// The end-to-end tests drive Debian's Chromium against the built demo, started fresh (its own data
// folder, SQLite, emulators) exactly as the README's first command starts it: every test on the
// Pterodactyl emulator, and the main flow again on a second demo run with PANEL_KIND=pelican.
const PORT = Number(process.env.E2E_PORT ?? 3199);
const BASE_URL = `http://localhost:${PORT}`;
const PELICAN_PORT = PORT - 1;
const PELICAN_URL = `http://localhost:${PELICAN_PORT}`;

/** A fresh demo of `kind` on `port`, in a data folder of its own. */
function demo(kind: 'pterodactyl' | 'pelican', port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), `falkenhost-e2e-${kind}-`));
  const baseUrl = `http://localhost:${port}`;
  return {
    command: `node ${resolve(import.meta.dirname, '../apps/api/dist/main.js')}`,
    cwd: dataDir,
    url: `${baseUrl}/api/public/store/games`,
    timeout: 60_000,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'pipe' as const,
    env: {
      APP_MODE: 'demo',
      PANEL_KIND: kind,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'data'),
      DATABASE_URL: '',
      RATE_LIMIT_PER_MINUTE: '300',
      LOG_LEVEL: 'warn',
      // Long enough that the new server is still installing when the test opens its card.
      DEMO_INSTALL_SECONDS: '10',
    },
  };
}

export default defineConfig({
  testDir: './tests',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './.artifacts/results',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    { name: 'pterodactyl', use: { baseURL: BASE_URL } },
    { name: 'pelican', testMatch: /main-flow\.spec\.ts/, use: { baseURL: PELICAN_URL } },
  ],
  webServer: [demo('pterodactyl', PORT), demo('pelican', PELICAN_PORT)],
});
