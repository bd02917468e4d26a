import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorState } from '../state/state';
import { panelError } from './errors';
import type { ApiKind } from './rate-limit';

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('json');
}

/** Without a json Accept header Laravel answers auth failures with a redirect to the login page. */
function refuse(state: EmulatorState, request: FastifyRequest, reply: FastifyReply, status: 401 | 403) {
  if (!wantsJson(request)) return reply.redirect(`${state.config.publicUrl}/auth/login`, 302);
  if (status === 403) {
    throw panelError(
      403,
      'AccessDeniedHttpException',
      'This account does not have permission to access the API.',
    );
  }
  throw panelError(401, 'AuthenticationException', 'Unauthenticated.');
}

/**
 * The panel's throttle, which runs once the key is authenticated and before the route's own checks: adds
 * `X-RateLimit-Limit` / `X-RateLimit-Remaining` to the answer, or answers 429 ThrottleRequestsException
 * "Too Many Attempts." with `Retry-After` (seconds) and `X-RateLimit-Reset` (epoch seconds).
 * @returns true when the request was answered with 429
 */
function throttled(state: EmulatorState, api: ApiKind, reply: FastifyReply): boolean {
  // Both keys belong to the seed's root admin; the panel keys the limit by the key's user.
  const verdict = state.rateLimiter.hit(api, state.clientKeyOwner().uuid);
  reply.headers(verdict.headers);
  if (verdict.allowed) return false;
  const error = panelError(429, 'ThrottleRequestsException', 'Too Many Attempts.');
  reply.code(429).send({ errors: error.errors });
  return true;
}

/**
 * onRequest hook of `/api/application`: the application key passes; the client key answers 403
 * "This account does not have permission to access the API."; anything else 401. Authenticated keys
 * (both) count against the application limit first.
 */
export function applicationAuth(state: EmulatorState) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = bearer(request);
    const known = key === state.config.applicationKey || key === state.config.clientKey;
    if (known && throttled(state, 'application', reply)) return reply;
    if (key === state.config.applicationKey) return;
    return refuse(state, request, reply, key === state.config.clientKey ? 403 : 401);
  };
}

/**
 * onRequest hook of `/api/client`: the client key (owned by a root admin) passes within the client limit;
 * the application key counts too and then answers 403 as the panel's RequireClientApiKey does; else 401.
 */
export function clientAuth(state: EmulatorState) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = bearer(request);
    const known = key === state.config.applicationKey || key === state.config.clientKey;
    if (known && throttled(state, 'client', reply)) return reply;
    if (key === state.config.clientKey) return;
    if (key !== state.config.applicationKey) return refuse(state, request, reply, 401);
    throw panelError(
      403,
      'AccessDeniedHttpException',
      'You are attempting to use an application API key on an endpoint that requires a client API key.',
    );
  };
}
