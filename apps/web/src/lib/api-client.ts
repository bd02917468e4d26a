/**
 * The one fetch wrapper of the web client (product.md "API calls"): same origin, cookies only (httpOnly, set
 * by the server), JSON in and out; a FormData body (staff uploads of game and package images) goes out as
 * multipart, its boundary set by the browser (a FormData can be sent again on the retry below). Answers are
 * handed to the caller with their status rather than thrown; a network failure is status 0. A private call
 * answered 401 refreshes the session once and retries.
 */
import type { ErrorBody } from '@falkenhost/contracts/auth';
import i18n from '@/i18n/i18n';

export interface ApiResult<T> {
  /** HTTP status, 0 when the network failed */
  status: number;
  ok: boolean;
  /** parsed body of a 2xx answer */
  data: T | undefined;
  /** parsed body of a non-2xx answer, when it had one */
  error: ErrorBody | undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  /** refresh the session once on 401 and retry (default for /api/private) */
  refresh?: boolean;
  signal?: AbortSignal;
}

let unauthenticatedHandler: (() => void) | undefined;

/** Called when a private call stays 401 after a refresh: the app treats the user as logged out. */
export function onUnauthenticated(handler: () => void): void {
  unauthenticatedHandler = handler;
}

async function send<T>(
  method: Method,
  url: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  // The browser writes a multipart Content-Type with its boundary itself; setting one would lose it.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // The page's language first, so mail (codes, notices) comes in it
        // (docs/decisions/025-mail-language.md).
        'Accept-Language': `${i18n.resolvedLanguage ?? i18n.language ?? 'en'}, *;q=0.5`,
        ...(body === undefined || multipart ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal,
    });
  } catch {
    return { status: 0, ok: false, data: undefined, error: undefined };
  }
  let parsed: unknown;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (response.ok) return { status: response.status, ok: true, data: parsed as T, error: undefined };
  const error =
    parsed && typeof parsed === 'object' && 'reason' in parsed ? (parsed as ErrorBody) : undefined;
  return { status: response.status, ok: false, data: undefined, error };
}

let refreshing: Promise<boolean> | undefined;

/** POST /api/auth/refresh-token, shared by concurrent callers. Resolves true when the session was renewed. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= send('POST', '/api/auth/refresh-token', {})
    .then((result) => result.ok)
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/** Sends a request; see the module comment for the 401 rule. */
export async function apiRequest<T>(
  method: Method,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const refresh = options.refresh ?? url.startsWith('/api/private/');
  const first = await send<T>(method, url, body, options.signal);
  if (first.status !== 401 || !refresh) return first;
  if (await refreshSession()) {
    const second = await send<T>(method, url, body, options.signal);
    if (second.status !== 401) return second;
  }
  unauthenticatedHandler?.();
  return first;
}

/** Each call's body is JSON, or a FormData sent as multipart (POST and PUT of games and packages). */
export const api = {
  get: <T>(url: string, options?: RequestOptions) => apiRequest<T>('GET', url, undefined, options),
  post: <T>(url: string, body: unknown = {}, options?: RequestOptions) =>
    apiRequest<T>('POST', url, body, options),
  put: <T>(url: string, body: unknown = {}, options?: RequestOptions) =>
    apiRequest<T>('PUT', url, body, options),
  /** DELETE with a JSON body, as product.md "API calls"'s delete calls send their ids in the body. */
  delete: <T>(url: string, body: unknown = {}, options?: RequestOptions) =>
    apiRequest<T>('DELETE', url, body, options),
};

/** An error thrown by query functions so TanStack Query sees a failure; carries the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason?: string,
  ) {
    super(`API ${status}${reason ? ` ${reason}` : ''}`);
  }
}

/** For query functions: the data of a 2xx answer, else throws ApiError. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data as T;
  throw new ApiError(result.status, result.error?.reason);
}
