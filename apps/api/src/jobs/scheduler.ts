/** In-process jobs (croner); a run still going when the next is due is skipped. */
import { Cron } from 'croner';
import { sweepUploads } from '../catalog/uploads';
import type { AppContext } from '../platform/context';
import { pruneRateLimits } from '../platform/requests/rate-limit-store';
import { runTick } from './tick';

export interface Jobs {
  /** Stops the schedules and waits for the runs in progress (the tick stops after its current step). */
  stop(): Promise<void>;
}

export function startJobs(ctx: AppContext): Jobs {
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  const tracked = (run: () => Promise<void>) => (): Promise<void> => {
    const promise = run();
    running.add(promise);
    const settled = () => void running.delete(promise);
    promise.then(settled, settled);
    return promise;
  };
  // The first tick after a start also runs the panel reconciler, due or not.
  let started = false;
  const tick = tracked(async () => {
    try {
      const result = await runTick(ctx, { signal: stopping.signal, reconcilePanel: !started });
      started = true;
      const { billing, suspended, panel, recovered, panelReconcile: r } = result;
      const repairs = r ? r.recreated + r.refunded + r.repaired + r.reported + r.failed : 0;
      if (
        billing.charged ||
        billing.suspended ||
        suspended.deleted ||
        panel.failed ||
        recovered.refunded ||
        repairs
      )
        ctx.log.info(result, 'jobs');
    } catch (error) {
      if (stopping.signal.aborted) ctx.log.info('jobs stopped between two steps for the shutdown');
      else ctx.log.error({ err: error }, 'jobs failed');
    }
  });
  const jobs = [
    // At start-up too: what a crash interrupted is finished before anything else.
    ctx.config.jobsIntervalSeconds >= 60
      ? new Cron('0 * * * * *', { protect: true, name: 'tick' }, tick)
      : new Cron(
          '* * * * * *',
          { protect: true, name: 'tick', interval: ctx.config.jobsIntervalSeconds },
          tick,
        ),
    new Cron(
      '30 */10 * * * *',
      { protect: true, name: 'prune-rate-limits' },
      tracked(async () => {
        await pruneRateLimits(ctx.db, ctx.now()).catch((error) => {
          ctx.log.error({ err: error }, 'pruning rate limits failed');
        });
      }),
    ),
    // Upload files no game or package names (a crash between writing a file and its row).
    new Cron(
      '45 15 * * * *',
      { protect: true, name: 'sweep-uploads' },
      tracked(async () => {
        await sweepUploads(ctx).catch((error) => {
          ctx.log.error({ err: error }, 'sweeping uploads failed');
        });
      }),
    ),
  ];
  void jobs[0]?.trigger();
  void jobs[2]?.trigger();
  return {
    async stop() {
      for (const job of jobs) job.stop();
      stopping.abort(new Error('shutting down'));
      await Promise.allSettled([...running]);
    },
  };
}
