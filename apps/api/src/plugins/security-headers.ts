/**
 * Helmet's security headers, worked out once: @fastify/helmet runs `helmet(options)` again on every
 * request, building every header value from the options each time (a tenth of a cached answer's CPU,
 * issue 11 part 4). The options here have no per-request parts (no CSP nonces), so the headers helmet sets
 * are the same for every request and are captured once and set as they are.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** @returns the headers helmet sets for these options, by lower-case name */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as never, res as never, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish at once (per-request options are not supported here)');
  return headers;
}

/** Adds helmet's headers for `options` to every reply of this scope (an onRequest hook, as @fastify/helmet). */
export function securityHeaders(scope: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
