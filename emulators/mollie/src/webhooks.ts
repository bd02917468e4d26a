import type { Timers } from './state/timers';
import type { WebhookDelivery } from './state/types';

/** Mollie's retry schedule: 10 attempts over 26 h (0, 1 m, 2 m, 4 m, 8 m, 16 m, 29 m, 1 h, 2 h, 22 h). */
export const MOLLIE_WEBHOOK_DELAYS_MS: readonly number[] = [
  0, 60_000, 120_000, 240_000, 480_000, 960_000, 1_740_000, 3_600_000, 7_200_000, 79_200_000,
];

export interface WebhookDispatcherOptions {
  /** Delay before each attempt in ms, the first counted from the status change, each next from the failure. */
  delaysMs: readonly number[];
  /** An attempt that takes longer counts as failed (ms). */
  timeoutMs: number;
  fetch: typeof fetch;
  now: () => number;
  timers: Timers;
  /** Fault injection: while true an attempt is recorded as lost and not retried. */
  lost?: () => boolean;
}

export interface WebhookDispatcher {
  /**
   * Calls `url` with `id=<paymentId>` (form-encoded POST), retrying per the schedule until a 2xx.
   * @returns a promise that resolves (never rejects) once the FIRST attempt has finished, whatever its
   *   outcome (answer, network error or time-out), or once the dispatcher is closed; retries are not awaited.
   */
  schedule(url: string, paymentId: string): Promise<void>;
  /**
   * Resolves once the first attempt of every webhook scheduled so far for `paymentId` has finished
   * (at once when none is under way). Never rejects.
   */
  settled(paymentId: string): Promise<void>;
  /** Resolves once the first attempt of every webhook scheduled so far has finished. Never rejects. */
  whenIdle(): Promise<void>;
  /** Every attempt so far, oldest first. */
  deliveries(): WebhookDelivery[];
  /** How many retries are scheduled and not yet started: 0 means no further attempt will come. */
  retriesPending(): number;
  /**
   * Aborts attempts in flight (pending retries are stopped by the shared timers) and resolves every
   * promise of `schedule`, `settled` and `whenIdle` still waiting.
   */
  close(): void;
}

/**
 * Delivers Mollie webhooks: `POST url` with `application/x-www-form-urlencoded` body `id=tr_...`.
 * A non-2xx answer, a network error or a time-out schedules the next attempt; after the last it stops.
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const log: WebhookDelivery[] = [];
  const closing = new AbortController();
  /** First attempts not finished yet: their payment id, promise and resolver. */
  const firsts = new Set<{ paymentId: string; done: Promise<void>; finish: () => void }>();
  let retries = 0;

  async function attempt(url: string, paymentId: string, attemptNo: number): Promise<void> {
    if (closing.signal.aborted) return;
    const entry: WebhookDelivery = { url, paymentId, attempt: attemptNo, at: options.now(), ok: false };
    if (options.lost?.()) {
      entry.error = 'lost (fault injection)';
      log.push(entry);
      return;
    }
    try {
      const res = await options.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mollie HTTP Hook' },
        body: new URLSearchParams({ id: paymentId }).toString(),
        redirect: 'manual',
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(options.timeoutMs)]),
      });
      await res.arrayBuffer().catch(() => undefined);
      entry.statusCode = res.status;
      entry.ok = res.status >= 200 && res.status < 300;
    } catch (error) {
      entry.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    if (closing.signal.aborted) return;
    log.push(entry);
    const nextDelay = options.delaysMs[attemptNo];
    if (!entry.ok && nextDelay !== undefined) {
      retries += 1;
      options.timers.later(nextDelay, () => {
        retries -= 1;
        void attempt(url, paymentId, attemptNo + 1);
      });
    }
  }

  const waitAll = async (pending: { done: Promise<void> }[]): Promise<void> => {
    await Promise.all(pending.map((first) => first.done));
  };

  return {
    schedule(url, paymentId) {
      if (closing.signal.aborted) return Promise.resolve();
      let resolve!: () => void;
      const done = new Promise<void>((r) => {
        resolve = r;
      });
      const first = {
        paymentId,
        done,
        finish() {
          firsts.delete(first);
          resolve();
        },
      };
      firsts.add(first);
      options.timers.later(options.delaysMs[0] ?? 0, () => {
        void attempt(url, paymentId, 1).finally(first.finish);
      });
      return done;
    },
    settled: (paymentId) => waitAll([...firsts].filter((first) => first.paymentId === paymentId)),
    whenIdle: () => waitAll([...firsts]),
    deliveries: () => [...log],
    retriesPending: () => retries,
    close() {
      closing.abort();
      for (const first of [...firsts]) first.finish();
    },
  };
}
