/**
 * In-process jobs (architecture.md "Stack": croner; every job idempotent and safe when several API
 * instances run it at once). A run that is still going when the next is due is skipped.
 */
import { Cron } from 'croner';
import type { AppContext } from '../context';
import { pruneRateLimits } from '../lib/rate-limit-store';
import { sweepUploads } from '../services/uploads';
import { runTick } from './tick';

export function startJobs(ctx: AppContext): { stop(): void } {
  const tick = async () => {
    try {
      const result = await runTick(ctx);
      const { billing, suspended, panel, recovered } = result;
      if (billing.charged || billing.suspended || suspended.deleted || panel.failed || recovered.refunded)
        ctx.log.info(result, 'jobs');
    } catch (error) {
      ctx.log.error({ err: error }, 'jobs failed');
    }
  };
  const jobs = [
    // At start-up too: orders and changes a crash interrupted are finished before anything else.
    new Cron('0 * * * * *', { protect: true, name: 'tick' }, tick),
    new Cron('30 */10 * * * *', { protect: true, name: 'prune-rate-limits' }, async () => {
      await pruneRateLimits(ctx.db, ctx.now()).catch((error) => {
        ctx.log.error({ err: error }, 'pruning rate limits failed');
      });
    }),
    // Upload files no game or package names (a crash between writing a file and its row).
    new Cron('45 15 * * * *', { protect: true, name: 'sweep-uploads' }, async () => {
      await sweepUploads(ctx).catch((error) => {
        ctx.log.error({ err: error }, 'sweeping uploads failed');
      });
    }),
  ];
  void jobs[0]?.trigger();
  void jobs[2]?.trigger();
  return {
    stop() {
      for (const job of jobs) job.stop();
    },
  };
}
