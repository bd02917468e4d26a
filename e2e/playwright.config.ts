import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// The end-to-end tests drive Debian's Chromium against the built demo, started fresh (its own data
// folder, SQLite, emulators) exactly as the README's first command starts it.
const PORT = Number(process.env.E2E_PORT ?? 3199);
const BASE_URL = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'falkenhost-e2e-'));

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
  webServer: {
    command: `node ${resolve(import.meta.dirname, '../apps/api/dist/main.js')}`,
    cwd: dataDir,
    url: `${BASE_URL}/api/public/store/games`,
    timeout: 60_000,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'pipe',
    env: {
      APP_MODE: 'demo',
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'data'),
      DATABASE_URL: '',
      RATE_LIMIT_PER_MINUTE: '300',
      LOG_LEVEL: 'warn',
      // Long enough that the new server is still installing when the test opens its card.
      DEMO_INSTALL_SECONDS: '10',
    },
  },
});
