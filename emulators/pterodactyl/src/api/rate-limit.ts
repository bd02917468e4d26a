/**
 * The panel's API rate limits: `throttle:api.application` and `throttle:api.client` (panel
 * app/Providers/RouteServiceProvider.php, limits from config/http.php), run by Laravel's ThrottleRequests
 * middleware and its RateLimiter.
 */

/** Requests per minute and API; the panel's defaults are 240 (application) and 720 (client). */
export interface RateLimitOptions {
  applicationPerMinute: number;
  clientPerMinute: number;
}

/** The panel's defaults (`APP_API_APPLICATION_RATELIMIT`, `APP_API_CLIENT_RATELIMIT`). */
export const PANEL_RATE_LIMITS: RateLimitOptions = { applicationPerMinute: 240, clientPerMinute: 720 };

export type ApiKind = 'application' | 'client';

/** What the limiter decided for one request, with the headers Laravel adds to the answer. */
export interface RateLimitVerdict {
  allowed: boolean;
  /** `X-RateLimit-Limit`, `X-RateLimit-Remaining`; on a refusal also `Retry-After` (s), `X-RateLimit-Reset` */
  headers: Record<string, string>;
}

/** Counters a test or benchmark reads: authenticated requests per API (429s included) and 429s answered. */
export interface EmulatorStats {
  requests: { application: number; client: number };
  throttled: number;
}

export interface RateLimiter {
  /**
   * Counts one request of `user` (the key owner's uuid: the panel keys the limit by the user, so two
   * keys of one user share it) on `api`.
   */
  hit(api: ApiKind, user: string): RateLimitVerdict;
  stats(): EmulatorStats;
}

const DECAY_SECONDS = 60;

/**
 * Laravel's fixed window: the first request of a key opens a window of 60 s (its `:timer`, whole epoch
 * seconds); up to the limit pass, later ones answer 429 until the window ends, and a refused request does
 * not count. Time comes from `now` (epoch ms), so the demo clock's jumps end windows as elapsed time would.
 * @param limits false: every request passes and no rate-limit header is sent
 */
export function createRateLimiter(limits: RateLimitOptions | false, now: () => number): RateLimiter {
  const windows = new Map<string, { attempts: number; timer: number }>();
  const stats: EmulatorStats = { requests: { application: 0, client: 0 }, throttled: 0 };
  return {
    hit(api, user): RateLimitVerdict {
      stats.requests[api] += 1;
      if (limits === false) return { allowed: true, headers: {} };
      const max = api === 'application' ? limits.applicationPerMinute : limits.clientPerMinute;
      const key = `api.${api}:${user}`;
      const seconds = Math.floor(now() / 1000);
      let window = windows.get(key);
      if (window && seconds >= window.timer) {
        windows.delete(key);
        window = undefined;
      }
      if (window && window.attempts >= max) {
        stats.throttled += 1;
        return {
          allowed: false,
          headers: {
            'X-RateLimit-Limit': String(max),
            'X-RateLimit-Remaining': '0',
            'Retry-After': String(window.timer - seconds),
            'X-RateLimit-Reset': String(window.timer),
          },
        };
      }
      if (!window) {
        window = { attempts: 0, timer: seconds + DECAY_SECONDS };
        windows.set(key, window);
      }
      window.attempts += 1;
      return {
        allowed: true,
        headers: {
          'X-RateLimit-Limit': String(max),
          'X-RateLimit-Remaining': String(Math.max(0, max - window.attempts)),
        },
      };
    },
    stats: () => structuredClone(stats),
  };
}
