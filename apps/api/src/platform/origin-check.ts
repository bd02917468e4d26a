/**
 * Cross-site request refusal (issue 28 point 8; docs/decisions/132-origin-check.md): a state-changing
 * request (POST, PUT, PATCH, DELETE) under /api whose `Origin` is not ours, or that the browser marks
 * `Sec-Fetch-Site: cross-site`, is answered 403 forbidden in an onRequest hook, so its body is never
 * read and no guard, parser or handler runs. Requests without either header (API clients, the tests,
 * curl) are let through: browsers send `Origin` on every such request. /api/webhooks/* is exempt:
 * Mollie calls it server to server.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Called by other services without a browser (Mollie's webhook). */
const SERVER_TO_SERVER = '/api/webhooks/';
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins our own pages are served from: PUBLIC_URL's, and in the demo also localhost, 127.0.0.1
 * and [::1] on the port the server listens on (the demo is opened under any of these names).
 */
export function allowedOrigins(config: Pick<Config, 'mode' | 'publicUrl' | 'port'>): Set<string> {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (config.mode === 'demo') {
    const { protocol } = new URL(config.publicUrl);
    for (const host of LOOPBACK_HOSTS) origins.add(new URL(`${protocol}//${host}:${config.port}`).origin);
  }
  return origins;
}

/** Adds the refusal to every route of `scope` (an onRequest hook; register it before the routes). */
export function refuseForeignOrigins(scope: FastifyInstance, config: Config): void {
  const ours = allowedOrigins(config);
  scope.addHook('onRequest', (request, reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    if (request.routeOptions.url?.startsWith(SERVER_TO_SERVER)) return done();
    const origin = request.headers.origin;
    const foreign =
      origin !== undefined ? !ours.has(origin) : request.headers['sec-fetch-site'] === 'cross-site';
    if (!foreign) return done();
    // The body is left unread: closing the connection spares reading (and discarding) the rest of it.
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;
    if (hasBody) reply.header('connection', 'close');
    reply.code(403).send({ reason: REASONS.forbidden, message: 'origin' });
  });
}
