import type { FastifyReply, FastifyRequest } from 'fastify';

/** Mollie answers every API call with this media type, errors included. */
export const HAL_JSON = 'application/hal+json';

/** Sends `body` as `application/hal+json` with `statusCode`. */
export function hal(reply: FastifyReply, statusCode: number, body: unknown): FastifyReply {
  return reply.code(statusCode).type(HAL_JSON).send(body);
}

/** Path parameters of the API routes. */
export interface IdParams {
  id: string;
}

/** A request's query string as plain strings (first value wins). */
export function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(query)) {
    out[key] = Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
  }
  return out;
}
