import { panelError } from '@falkenhost/pterodactyl-emulator/api/errors';
import type { ApiKind, RateLimitVerdict } from '@falkenhost/pterodactyl-emulator/api/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRecord } from '../state/records';
import type { PelicanKey, PelicanResource, PelicanState } from '../state/state';

/** Who a request authenticated as: the key's record and its owner. */
export interface PelicanCaller {
  key: PelicanKey;
  user: UserRecord;
}

const callers = new WeakMap<FastifyRequest, PelicanCaller>();

/** The caller of an authenticated request (set by the auth hooks). */
export function callerOf(request: FastifyRequest): PelicanCaller {
  const caller = callers.get(request);
  if (!caller) throw panelError(401, 'AuthenticationException', 'Unauthenticated.');
  return caller;
}

function authenticate(state: PelicanState, request: FastifyRequest): PelicanCaller {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const key = state.keyOf(token);
  const user = key ? state.db.users.find((u) => u.id === key.userId) : undefined;
  if (!key || !user) throw panelError(401, 'AuthenticationException', 'Unauthenticated.');
  const caller = { key, user };
  callers.set(request, caller);
  return caller;
}

/**
 * Laravel's ThrottleRequests answer: the verdict's `X-RateLimit-*` headers on the reply, or a thrown 429
 * ThrottleRequestsException "Too Many Attempts." carrying `Retry-After` (seconds) and `X-RateLimit-Reset`.
 */
export function applyThrottle(reply: FastifyReply, verdict: RateLimitVerdict): void {
  reply.headers(verdict.headers);
  if (!verdict.allowed) throw panelError(429, 'ThrottleRequestsException', 'Too Many Attempts.');
}

function throttle(state: PelicanState, api: ApiKind, caller: PelicanCaller, reply: FastifyReply): void {
  // RouteServiceProvider: `api.application` / `api.client` are keyed by the user's uuid, not the key.
  applyThrottle(reply, state.rateLimiter.hit(api, caller.user.uuid));
}

/**
 * onRequest hook of `/api/application`: any known key (401 otherwise) of an admin (403 "This account does
 * not have permission to access the API." otherwise, AuthenticateApplicationUser.php), then the
 * `api.application` throttle. A root admin's client key passes too, as in Pelican; what each route may do
 * is `requirePermission`'s question.
 */
export function applicationAuth(state: PelicanState) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = authenticate(state, request);
    if (!caller.user.root_admin)
      throw panelError(
        403,
        'AccessDeniedHttpException',
        'This account does not have permission to access the API.',
      );
    throttle(state, 'application', caller, reply);
  };
}

/**
 * onRequest hook of `/api/client`: any known key (401 otherwise); an application key is refused with 403
 * before it counts (RequireClientApiKey.php runs before `throttle:api.client`); then the throttle.
 */
export function clientAuth(state: PelicanState) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = authenticate(state, request);
    if (caller.key.kind === 'application')
      throw panelError(
        403,
        'AccessDeniedHttpException',
        'You are attempting to use an application API key on an endpoint that requires a client API key.',
      );
    throttle(state, 'client', caller, reply);
  };
}

/**
 * ApplicationApiRequest::authorize: a root admin's client key may do anything; an application key needs
 * the action's bit in its permission map (AdminAcl: 1 read, 2 write).
 * @throws PanelError 403 AccessDeniedHttpException "This action is unauthorized."
 */
export function requirePermission(
  request: FastifyRequest,
  resource: PelicanResource,
  action: 'read' | 'write',
): void {
  const { key, user } = callerOf(request);
  if (key.kind === 'client' && user.root_admin) return;
  const bit = action === 'read' ? 1 : 2;
  if (((key.permissions[resource] ?? 0) & bit) === 0)
    throw panelError(403, 'AccessDeniedHttpException', 'This action is unauthorized.');
}

/**
 * An include the key may read, or Fractal's `null_resource` in its place (BaseTransformer::authorize):
 * a relationship of a resource the key has no read permission for shows as `{ object: 'null_resource',
 * attributes: null }`.
 */
export function guardedInclude(
  request: FastifyRequest,
  resource: PelicanResource,
  build: () => unknown,
): () => unknown {
  return () => {
    try {
      requirePermission(request, resource, 'read');
    } catch {
      return { object: 'null_resource', attributes: null };
    }
    return build();
  };
}
