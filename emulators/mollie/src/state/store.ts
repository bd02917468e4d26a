import { createWebhookDispatcher, MOLLIE_WEBHOOK_DELAYS_MS, type WebhookDispatcher } from '../webhooks';
import { newId } from './ids';
import { createTimers, type Timers } from './timers';
import type { Customer, Mandate, Payment, RecurringOutcome, Refund, Subscription } from './types';

/** Options of {@link createMollieState} (re-exported there). */
export interface MollieStateOptions {
  /**
   * Absolute base URL where the plugin is mounted, without `/v2` and without a trailing slash,
   * e.g. `http://localhost:3000/_emulators/mollie`. Used for `_links` and the checkout URL.
   * A function is read on every use (handy when the port is only known after listen).
   */
  publicUrl: string | (() => string);
  /** Accepted API keys; default: any `test_` key with 30+ alphanumerics after the prefix. */
  apiKeys?: string[];
  /** Delay before each webhook attempt (ms); default Mollie's 0, 1m, 2m, 4m, 8m, 16m, 29m, 1h, 2h, 22h. */
  webhookRetryDelaysMs?: number[];
  /** A webhook attempt slower than this fails (ms); default 15000. */
  webhookTimeoutMs?: number;
  /**
   * Recurring payments created through the API start `pending` and turn `paid` after this many ms,
   * as Mollie's test mode does; `null` leaves them pending for changePaymentState. Default 2000.
   */
  recurringAutoPaidAfterMs?: number | null;
  /** Clock in epoch ms; default Date.now. */
  now?: () => number;
  /** fetch used for webhooks; default globalThis.fetch. */
  fetch?: typeof fetch;
  /**
   * Refuse, as Mollie does, a `webhookUrl` it could not reach (localhost, loopback, private ranges, no
   * public top-level domain) with 422 on field `webhookUrl`. Default false: the demo's webhooks go to
   * its own localhost server.
   */
  strictWebhookUrls?: boolean;
}

/** A kept answer to a request that carried an `Idempotency-Key` (see idempotency.ts). */
export interface IdempotencyEntry {
  /** method, URL and body of the first request: a reuse with others is refused */
  fingerprint: string;
  /** epoch ms (the store's clock) after which the key is forgotten */
  expiresAt: number;
  /** the first answer; absent while the first request is still running */
  response?: { statusCode: number; contentType: string; payload: string };
}

/** Faults a test switches on and off. */
export interface Faults {
  /** every `/v2` request is answered 503 before it does anything, as during an outage of Mollie */
  outage: boolean;
  /** webhook attempts never reach the product and are not retried (Mollie's retries exhausted) */
  webhooksLost: boolean;
}

/** Everything the emulator holds; shared by the state's control methods and the routes. */
export interface Store {
  baseUrl(): string;
  apiKeys: readonly string[] | undefined;
  now: () => number;
  recurringAutoPaidAfterMs: number | null;
  /** see {@link MollieStateOptions.strictWebhookUrls} */
  strictWebhookUrls: boolean;
  profileId: string;
  payments: Map<string, Payment>;
  customers: Map<string, Customer>;
  mandates: Map<string, Mandate>;
  subscriptions: Map<string, Subscription>;
  refunds: Map<string, Refund>;
  /** customerId -> the status their recurring payments get; only customers set to something else than paid. */
  recurringOutcomes: Map<string, RecurringOutcome>;
  /** Fault injection (`MollieState.setOutage`, `setWebhooksLost`); not kept in snapshots. */
  faults: Faults;
  /** `<api key>\n<Idempotency-Key>` -> the kept answer, oldest first */
  idempotency: Map<string, IdempotencyEntry>;
  timers: Timers;
  webhooks: WebhookDispatcher;
}

/** Resolves the options' defaults into an empty store. */
export function createStore(options: MollieStateOptions): Store {
  const { publicUrl } = options;
  const now = options.now ?? Date.now;
  const timers = createTimers();
  const faults: Faults = { outage: false, webhooksLost: false };
  return {
    baseUrl: () => (typeof publicUrl === 'function' ? publicUrl() : publicUrl).replace(/\/+$/, ''),
    apiKeys: options.apiKeys,
    now,
    recurringAutoPaidAfterMs:
      options.recurringAutoPaidAfterMs === undefined ? 2000 : options.recurringAutoPaidAfterMs,
    strictWebhookUrls: options.strictWebhookUrls ?? false,
    profileId: newId('pfl'),
    payments: new Map(),
    customers: new Map(),
    mandates: new Map(),
    subscriptions: new Map(),
    refunds: new Map(),
    recurringOutcomes: new Map(),
    faults,
    idempotency: new Map(),
    timers,
    webhooks: createWebhookDispatcher({
      delaysMs: options.webhookRetryDelaysMs ?? MOLLIE_WEBHOOK_DELAYS_MS,
      timeoutMs: options.webhookTimeoutMs ?? 15_000,
      fetch: options.fetch ?? globalThis.fetch,
      now,
      timers,
      lost: () => faults.webhooksLost,
    }),
  };
}
