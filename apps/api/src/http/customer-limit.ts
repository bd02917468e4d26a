/** Rate limits per customer (decisions/002-rate-limits.md; decisions/094-guards-and-errors.md). */
import type { FastifyRequest } from 'fastify';
import { sessionNow } from '../identity/sessions';
import type { AppContext } from '../platform/context';
import { type NowOrLater, whenReady } from '../platform/now-or-later';
import { accessClaims } from './guards';

/** `user:<id>` for a verified access token, else `ip:<address>`; at once for a token seen before. */
export function customerKey(request: FastifyRequest, secret: string, nowMs: number): NowOrLater<string> {
  return whenReady(accessClaims(request, secret, nowMs), (claims) =>
    claims ? `user:${claims.sub}` : `ip:${request.ip}`,
  );
}

/** A route's `config` for `max` calls a minute per customer (default RATE_LIMIT_PER_MINUTE). */
export function perCustomerLimit(ctx: AppContext, max = ctx.config.rateLimitPerMinute) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) =>
        customerKey(request, ctx.config.accessTokenSecret, sessionNow()),
    },
  };
}
