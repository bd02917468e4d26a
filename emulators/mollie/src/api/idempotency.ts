import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../state/store';
import { bearerKey } from './auth';
import { MollieError } from './errors';

/** How long Mollie keeps an answer for replay (reference/mollie.md "Idempotency"). */
export const IDEMPOTENCY_TTL_MS = 60 * 60 * 1000;
const METHODS = new Set(['POST', 'PATCH', 'DELETE']);

/**
 * Forgets the keys whose hour is over. Entries are kept in the order they were made, so with a clock
 * that only moves forward the expired ones come first.
 */
export function pruneIdempotency(store: Store): void {
  const time = store.now();
  for (const [key, entry] of store.idempotency) {
    if (entry.expiresAt > time) break;
    store.idempotency.delete(key);
  }
}

/**
 * Adds Mollie's `Idempotency-Key` handling to an (encapsulated) API scope, for POST, PATCH and DELETE:
 * the same key (per API key) with the same method, URL and body within 1 h replays the first answer with
 * `Idempotent-Replayed: true`; with other parameters it is 400; while the first is still running, 409.
 * 5xx answers are not kept, so a retry runs again. The answers live in `store.idempotency`, so a
 * snapshot taken and restored within the hour still replays them.
 * @param rawBody the request body as received ('' when none), for comparing parameters.
 */
export function registerIdempotency(
  app: FastifyInstance,
  store: Store,
  rawBody: (request: FastifyRequest) => string,
): void {
  const cache = store.idempotency;
  const pending = new WeakMap<FastifyRequest, string>();

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '' || !METHODS.has(request.method)) return;
    pruneIdempotency(store);
    const cacheKey = `${bearerKey(request)}\n${key}`;
    const fingerprint = `${request.method} ${request.url}\n${rawBody(request)}`;
    const entry = cache.get(cacheKey);
    if (entry && entry.expiresAt > store.now()) {
      if (entry.fingerprint !== fingerprint) {
        throw new MollieError(400, 'The Idempotency-Key was used before with other parameters');
      }
      if (!entry.response) throw new MollieError(409, 'A request with this Idempotency-Key is still running');
      const { statusCode, contentType, payload } = entry.response;
      return reply.code(statusCode).header('idempotent-replayed', 'true').type(contentType).send(payload);
    }
    // Deleted first so that the new entry goes to the end of the (time-ordered) map.
    cache.delete(cacheKey);
    cache.set(cacheKey, { fingerprint, expiresAt: store.now() + IDEMPOTENCY_TTL_MS });
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
