import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace but e2e (Playwright) and bench (figures, not tests).
export default defineConfig({
  test: {
    include: ['{packages,emulators,apps}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    // Prints one line when DATABASE_URL names no PostgreSQL database, so its variants are not skipped silently.
    globalSetup: ['apps/api/test/postgres-notice.ts'],
    testTimeout: 30_000,
    // Vitest runs one file at a time on 2 cores (cpus - 1); the API tests mostly wait on sockets, child
    // processes and timers, so a file per core finishes the run sooner.
    maxWorkers: Math.max(2, availableParallelism()),
    hookTimeout: 60_000,
    // Waits on state (expect.poll) get the time a loaded CI machine needs; they end as soon as it holds.
    expect: { poll: { timeout: 10_000 } },
  },
});
