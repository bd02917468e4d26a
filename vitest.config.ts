import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Waits on state (expect.poll) get the time a loaded CI machine needs; they end as soon as it holds.
  expect: { poll: { timeout: 10_000 } },
};

// Unit and integration tests of every workspace but e2e (Playwright) and bench (figures, not tests), and
// the web client's component tests (Testing Library in happy-dom, *.test.tsx).
export default defineConfig({
  test: {
    // Prints one line when DATABASE_URL names no PostgreSQL database, so its variants are not skipped silently.
    globalSetup: ['apps/api/test/postgres-notice.ts'],
    // Vitest runs one file at a time on 2 cores (cpus - 1); the API tests mostly wait on sockets, child
    // processes and timers, so a file per core finishes the run sooner.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'node',
          include: ['{packages,emulators,apps,scripts}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          // One module graph per worker: every test starts its own product, and loading it per file cost
          // most of the run (decisions/448-node-tests-share-a-module-graph.md).
          isolate: false,
          ...shared,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/components/setup.ts'],
          ...shared,
        },
      },
    ],
  },
});
