import type { FastifyRequest } from 'fastify';
import type { Mode } from '../state/types';
import { MollieError } from './errors';

const DEFAULT_KEY = /^test_[A-Za-z0-9]{30,}$/;

/**
 * Checks `Authorization: Bearer <key>` against the accepted keys.
 * @param apiKeys accepted keys; when undefined any `test_` key with 30+ alphanumerics after the prefix
 *   is accepted (the shape of a Mollie test key).
 * @returns the mode the key selects (`test_` -> test, `live_` -> live)
 * @throws MollieError 401 "Unauthorized Request" when the header is missing or the key is not accepted.
 */
export function authenticate(request: FastifyRequest, apiKeys: readonly string[] | undefined): Mode {
  const key = bearerKey(request);
  const accepted = key !== undefined && (apiKeys ? apiKeys.includes(key) : DEFAULT_KEY.test(key));
  if (!accepted) throw new MollieError(401, 'Missing authentication, or failed to authenticate');
  return key.startsWith('live_') ? 'live' : 'test';
}

/** The bearer token of a request, or undefined when there is none. */
export function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

const modes = new WeakMap<FastifyRequest, Mode>();

/**
 * Fastify `onRequest` hook for the API scope: authenticates and remembers the request's mode.
 * @throws MollieError 401 (rendered by the scope's error handler).
 */
export function authHook(apiKeys: readonly string[] | undefined) {
  return async (request: FastifyRequest): Promise<void> => {
    modes.set(request, authenticate(request, apiKeys));
  };
}

/** The mode (`test` or `live`) of an authenticated request; `test` when unknown. */
export function modeOf(request: FastifyRequest): Mode {
  return modes.get(request) ?? 'test';
}
