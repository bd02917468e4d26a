/**
 * Vitest global setup: says once per run that the PostgreSQL variants of the tests (harness.ts
 * DATABASES) are not declared, rather than leaving them out without a word.
 */
export default function announceSkippedDatabases(): void {
  if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')) {
    console.log('PostgreSQL variants skipped: DATABASE_URL is not set');
  }
}
