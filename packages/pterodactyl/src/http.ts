import { connectionError, PterodactylError, type PterodactylErrorEntry } from './errors';
import type { RequestBudget } from './limiter';

/** Options of the HTTP transport. */
export interface TransportOptions {
  /** panel URL without trailing slash, e.g. `https://panel.example.com` */
  baseUrl: string;
  fetch: typeof fetch;
  /** per attempt, milliseconds */
  timeoutMs: number;
  /** extra attempts of GETs after network errors, 429 and 5xx */
  retries: number;
  /** first backoff, doubled per attempt, milliseconds */
  retryDelayMs: number;
  /** extra attempts of any call answered 429, each after the panel's `Retry-After` */
  rateLimitRetries: number;
  /** longest `Retry-After` honoured, milliseconds; a longer one fails the call with the 429 */
  maxRetryAfterMs: number;
}

/** Counters of a transport since it was made. */
export interface TransportStats {
  /** HTTP requests sent, by API (retries included) */
  requests: { application: number; client: number };
  /** 429 answers received */
  rateLimited: number;
}

/** One call: `path` is relative to `baseUrl` (e.g. `/api/application/nodes`). */
export interface PanelRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** API key, sent as `Authorization: Bearer <key>` */
  key: string;
  /** a list is sent as the key repeated (`location_ids[]=1&location_ids[]=2`), as Laravel reads arrays */
  query?: Record<string, string | number | Array<string | number> | undefined>;
  body?: unknown;
  /** which API the call belongs to (counted in `TransportStats`; default application) */
  api?: 'application' | 'client';
  /** the key's limiter: each attempt waits for a token; a 429 pauses it for `Retry-After` */
  budget?: RequestBudget;
  /**
   * The route has a throttle of its own (Pelican's websocket credential, 5 a minute per server): its
   * `X-RateLimit-*` headers and 429 speak of that route only, so they neither clamp nor pause `budget`.
   */
  ownThrottle?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function errorFrom(response: Response): Promise<PterodactylError> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { errors?: PterodactylErrorEntry[] };
    if (Array.isArray(parsed.errors) && parsed.errors.length > 0)
      return new PterodactylError(response.status, parsed.errors);
  } catch {
    // not JSON: fall through to a generic entry
  }
  const detail =
    response.status >= 300 && response.status < 400
      ? 'Redirected (missing or invalid API key?)'
      : text.slice(0, 200);
  return new PterodactylError(response.status, [
    { code: 'HttpException', status: String(response.status), detail },
  ]);
}

function retryable(error: PterodactylError): boolean {
  return error.status === 0 || error.status >= 500;
}

/**
 * A 429 answer: the panel's throttle runs before any controller, so nothing was done and any method may
 * be sent again once `retryAfterMs` has passed.
 */
class RateLimited extends Error {
  constructor(
    readonly error: PterodactylError,
    readonly retryAfterMs: number,
  ) {
    super(error.message);
  }
}

/**
 * `Retry-After` in milliseconds: seconds (Laravel's throttle) or an HTTP date (RFC 9110 10.2.3); 60 s,
 * the panel's window, when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header !== null && header.trim() !== '') {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return 60_000;
}

/**
 * Creates the function that performs panel calls: JSON in and out, `Accept` and `Content-Type`
 * `application/json`, no redirects followed. Each attempt first waits for a token of `req.budget`.
 * @returns `request<T>(req)` resolving to the parsed body (undefined for 204), with `request.stats()`
 * @throws PterodactylError with the panel's errors, or status 0 / `ConnectionError` on network failure or
 *   timeout; GETs are retried `retries` times with exponential backoff on 0 and 5xx; any call answered
 *   429 is sent again after `Retry-After`, `rateLimitRetries` times
 */
export function createTransport(options: TransportOptions) {
  const stats: TransportStats = { requests: { application: 0, client: 0 }, rateLimited: 0 };

  async function attempt<T>(req: PanelRequest): Promise<T> {
    await req.budget?.take();
    stats.requests[req.api ?? 'application'] += 1;
    const url = new URL(options.baseUrl + req.path);
    for (const [k, v] of Object.entries(req.query ?? {})) {
      if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item));
      else if (v !== undefined) url.searchParams.set(k, String(v));
    }
    let response: Response;
    try {
      response = await options.fetch(url, {
        method: req.method,
        headers: {
          Authorization: `Bearer ${req.key}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw connectionError(
        timedOut
          ? `No answer within ${options.timeoutMs} ms`
          : `Cannot reach the panel: ${(error as Error).message}`,
      );
    }
    const remaining = response.headers.get('x-ratelimit-remaining');
    if (remaining !== null && !req.ownThrottle) req.budget?.clampTo(Number(remaining));
    if (response.status === 429) {
      stats.rateLimited += 1;
      const wait = retryAfterMs(response.headers.get('retry-after'));
      if (!req.ownThrottle) req.budget?.pause(wait);
      throw new RateLimited(await errorFrom(response), wait);
    }
    if (!response.ok) throw await errorFrom(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  async function request<T>(req: PanelRequest): Promise<T> {
    const tries = req.method === 'GET' ? options.retries + 1 : 1;
    let throttled = 0;
    for (let i = 1; ; ) {
      try {
        return await attempt<T>(req);
      } catch (error) {
        if (error instanceof RateLimited) {
          throttled += 1;
          if (throttled > options.rateLimitRetries || error.retryAfterMs > options.maxRetryAfterMs)
            throw error.error;
          // With a budget the pause is in it (shared by every call of the key); without, wait here.
          if (!req.budget || req.ownThrottle) await sleep(error.retryAfterMs);
          continue;
        }
        if (!(error instanceof PterodactylError) || !retryable(error) || i >= tries) throw error;
        await sleep(options.retryDelayMs * 2 ** (i - 1));
        i += 1;
      }
    }
  }
  /** Counters since creation (a copy). */
  request.stats = (): TransportStats => ({
    requests: { ...stats.requests },
    rateLimited: stats.rateLimited,
  });
  return request;
}

export type PanelTransport = ReturnType<typeof createTransport>;
