/** The demo clock (docs/decisions/135-demo-clock-offset.md): runs every due job on the way, hour by hour. */
import { HOUR_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import { runTick } from './tick';

export interface DemoClock {
  /** Moves the clock forward by `hours`, charging and ticking after each; rejects with the first error. */
  advance(hours: number): Promise<void>;
}

/** One demo clock per server; advances run one at a time so hours never run out of order. */
export function createDemoClock(ctx: AppContext, chargeDueSubscriptions: () => Promise<unknown>): DemoClock {
  let advancing: Promise<unknown> = Promise.resolve();
  return {
    async advance(hours) {
      const run = advancing.then(async () => {
        for (let hour = 0; hour < hours; hour++) {
          ctx.clock.advance(HOUR_MS);
          // Mollie charges each subscription that fell due and calls our webhook, as it would that day.
          await chargeDueSubscriptions();
          await runTick(ctx);
        }
      });
      advancing = run.catch(() => undefined);
      await run;
    },
  };
}
