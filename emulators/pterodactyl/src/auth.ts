import type { FastifyReply, FastifyRequest } from 'fastify';
import { panelError } from './errors';
import type { EmulatorState } from './state';

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
 * onRequest hook of `/api/application`: the application key passes; the client key answers 403
 * "This account does not have permission to access the API."; anything else 401.
 */
export function applicationAuth(state: EmulatorState) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = bearer(request);
    if (key === state.config.applicationKey) return;
    return refuse(state, request, reply, key === state.config.clientKey ? 403 : 401);
  };
}

/** onRequest hook of `/api/client`: only the client key (owned by a root admin) passes; else 401. */
export function clientAuth(state: EmulatorState) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (bearer(request) === state.config.clientKey) return;
    return refuse(state, request, reply, 401);
  };
}
