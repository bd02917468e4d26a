/**
 * In-process jobs (architecture.md "Stack": croner; every job idempotent and safe when several API
 * instances run it at once). A run that is still going when the next is due is skipped.
 */
import { Cron } from 'croner';
import type { AppContext } from '../context';
import { pruneRateLimits } from '../lib/rate-limit-store';
import { billHourlyServers } from '../services/billing';

export function startJobs(ctx: AppContext): { stop(): void } {
  const jobs = [
    new Cron('0 * * * * *', { protect: true, name: 'hourly-billing' }, async () => {
      try {
        const result = await billHourlyServers(ctx);
        if (result.charged || result.suspended || result.panelSuspended)
          ctx.log.info(result, 'hourly billing');
      } catch (error) {
        ctx.log.error({ err: error }, 'hourly billing failed');
      }
    }),
    new Cron('30 */10 * * * *', { protect: true, name: 'prune-rate-limits' }, async () => {
      await pruneRateLimits(ctx.db, ctx.now()).catch((error) => {
        ctx.log.error({ err: error }, 'pruning rate limits failed');
      });
    }),
  ];
  return {
    stop() {
      for (const job of jobs) job.stop();
    },
  };
}
