/** Refuses cross-site state-changing requests before reading them (docs/decisions/132-origin-check.md). */
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Called by other services without a browser (Mollie's webhook). */
const SERVER_TO_SERVER = '/api/webhooks/';
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The origins our pages are served from: PUBLIC_URL's, and in the demo localhost names on our port. */
export function allowedOrigins(config: Pick<Config, 'mode' | 'publicUrl' | 'port'>): Set<string> {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (config.mode === 'demo') {
    const { protocol } = new URL(config.publicUrl);
    for (const host of LOOPBACK_HOSTS) origins.add(new URL(`${protocol}//${host}:${config.port}`).origin);
  }
  return origins;
}

/**
 * Where the customer's browser comes back to after leaving for a payment: PUBLIC_URL, or in the demo
 * the loopback alias of it the page was opened at (docs/decisions/245-demo-return-host.md), so the
 * session cookies of that host come along. The page's origin is the request's Origin (a POST from our
 * page), else its Host; anything not in `allowedOrigins` gives PUBLIC_URL, so production never follows
 * a Host header.
 * @returns a base URL without a trailing slash, e.g. `http://127.0.0.1:3000`
 */
export function returnBase(
  config: Pick<Config, 'mode' | 'publicUrl' | 'port'>,
  request: { headers: { origin?: string; host?: string } },
): string {
  const publicUrl = config.publicUrl.replace(/\/$/, '');
  const { protocol, origin: publicOrigin } = new URL(publicUrl);
  const asked =
    request.headers.origin ?? (request.headers.host ? `${protocol}//${request.headers.host}` : '');
  let origin: string;
  try {
    origin = new URL(asked).origin;
  } catch {
    return publicUrl;
  }
  if (origin === publicOrigin || !allowedOrigins(config).has(origin)) return publicUrl;
  return origin + publicUrl.slice(publicOrigin.length);
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
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;
    if (hasBody) reply.header('connection', 'close');
    reply.code(403).send({ reason: REASONS.forbidden, message: 'origin' });
  });
}
