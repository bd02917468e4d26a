/**
 * Rate limits counted per customer (architecture.md "Rate limits"; spec 9): the key is the customer of a
 * verified access token, else the client address. An unverified token never names a customer, so a forged
 * cookie cannot spend someone else's allowance. @fastify/rate-limit awaits the key generator, which answers
 * at once when it can.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context';
import { type NowOrLater, whenReady } from '../platform/now-or-later';
import { accessClaims } from './guards';

/** `user:<id>` for a verified access token, else `ip:<address>`; at once for a token seen before. */
export function customerKey(request: FastifyRequest, secret: string, nowMs: number): NowOrLater<string> {
  return whenReady(accessClaims(request, secret, nowMs), (claims) =>
    claims ? `user:${claims.sub}` : `ip:${request.ip}`,
  );
}

/**
 * A route's `config` for `max` calls a minute per customer (default RATE_LIMIT_PER_MINUTE, the limit of
 * calls that send mail or check a password).
 */
export function perCustomerLimit(ctx: AppContext, max = ctx.config.rateLimitPerMinute) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) =>
        customerKey(request, ctx.config.accessTokenSecret, ctx.now()),
    },
  };
}
