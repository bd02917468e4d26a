/** Graceful shutdown within SHUTDOWN_TIMEOUT_SECONDS (docs/decisions/096-shutdown-and-timeouts.md). */
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../jobs/scheduler';
import type { ProductServer } from './server';

/** Time kept after the requests' grace for the jobs' last step and closing the database. */
const CLOSING_MS = 2_000;

export interface ShutdownOptions {
  server: Pick<ProductServer, 'close'>;
  jobs: Jobs | null;
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** what happens at the deadline (default: exit with status 1) */
  onDeadline?: () => void;
}

/** Closes everything in order within the deadline. @returns true when everything closed before it */
export async function gracefulShutdown(options: ShutdownOptions): Promise<boolean> {
  const { server, jobs, timeoutMs, log } = options;
  const onDeadline = options.onDeadline ?? (() => process.exit(1));
  let late = false;
  const deadline = setTimeout(() => {
    late = true;
    log.error({ timeoutMs }, 'shutdown deadline passed; exiting with work unfinished');
    onDeadline();
  }, timeoutMs);
  // The deadline alone keeps no process alive that has nothing else left to do.
  deadline.unref();
  const started = Date.now();
  try {
    await server.close({
      graceMs: Math.max(timeoutMs - CLOSING_MS, timeoutMs / 2),
      alsoAwait: jobs?.stop(),
    });
    if (!late) log.info({ ms: Date.now() - started }, 'shut down');
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
  } finally {
    clearTimeout(deadline);
  }
  return !late;
}
