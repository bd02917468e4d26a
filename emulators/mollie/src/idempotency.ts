import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerKey } from './auth.js';
import { MollieError } from './errors.js';

/** How long Mollie keeps an answer for replay. */
export const IDEMPOTENCY_TTL_MS = 60 * 60 * 1000;
const METHODS = new Set(['POST', 'PATCH', 'DELETE']);

interface Entry {
  fingerprint: string;
  expiresAt: number;
  response?: { statusCode: number; contentType: string; payload: string };
}

/**
 * Adds Mollie's `Idempotency-Key` handling to an (encapsulated) API scope, for POST, PATCH and DELETE:
 * the same key (per API key) with the same method, URL and body within 1 h replays the first answer with
 * `Idempotent-Replayed: true`; with other parameters it is 400; while the first is still running, 409.
 * 5xx answers are not kept, so a retry runs again.
 * @param rawBody the request body as received ('' when none), for comparing parameters.
 */
export function registerIdempotency(
  app: FastifyInstance,
  now: () => number,
  rawBody: (request: FastifyRequest) => string,
): void {
  const cache = new Map<string, Entry>();
  const pending = new WeakMap<FastifyRequest, string>();

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '' || !METHODS.has(request.method)) return;
    const time = now();
    for (const [k, e] of cache) if (e.expiresAt <= time) cache.delete(k);
    const cacheKey = `${bearerKey(request)}\n${key}`;
    const fingerprint = `${request.method} ${request.url}\n${rawBody(request)}`;
    const entry = cache.get(cacheKey);
    if (entry) {
      if (entry.fingerprint !== fingerprint) {
        throw new MollieError(400, 'The Idempotency-Key was used before with other parameters');
      }
      if (!entry.response) throw new MollieError(409, 'A request with this Idempotency-Key is still running');
      const { statusCode, contentType, payload } = entry.response;
      return reply.code(statusCode).header('idempotent-replayed', 'true').type(contentType).send(payload);
    }
    cache.set(cacheKey, { fingerprint, expiresAt: time + IDEMPOTENCY_TTL_MS });
    pending.set(request, cacheKey);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const cacheKey = pending.get(request);
    if (cacheKey === undefined) return payload;
    pending.delete(request);
    const entry = cache.get(cacheKey);
    if (!entry) return payload;
    if (reply.statusCode >= 500 || typeof payload !== 'string') cache.delete(cacheKey);
    else {
      const contentType = String(reply.getHeader('content-type') ?? 'application/hal+json');
      entry.response = { statusCode: reply.statusCode, contentType, payload };
    }
    return payload;
  });
}
