/**
 * The demo clock (README "The demo"; never in production): moves the product's and the emulators' clock
 * forward hour by hour and runs every job that falls due on the way, so a month of billing takes a minute.
 */
import type { AppContext } from '../platform/context';
import { HOUR_MS } from '../servers/hourly-billing';
import { runTick } from './tick';

export interface DemoClock {
  /**
   * Moves the clock forward by `hours` (1 to 2160, checked by the body's schema), one hour at a time:
   * after each hour Mollie charges the subscriptions that fell due (their webhooks answered) and the
   * tick runs. Resolves once every hour has run; rejects with the first error.
   */
  advance(hours: number): Promise<void>;
}

/**
 * One demo clock per server. Advances run one at a time: a second one waits for the first, so hours are
 * never run out of order.
 * @param chargeDueSubscriptions the Mollie emulator charging the subscriptions due at its clock
 */
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
