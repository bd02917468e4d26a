import { connectionError, PterodactylError, type PterodactylErrorEntry } from './errors';

/** Options of the HTTP transport. */
export interface TransportOptions {
  /** panel URL without trailing slash, e.g. `https://panel.example.com` */
  baseUrl: string;
  fetch: typeof fetch;
  /** per attempt, milliseconds */
  timeoutMs: number;
  /** extra attempts of GETs after network errors, 429 and 5xx */
  retries: number;
  /** first backoff, doubled per attempt, milliseconds */
  retryDelayMs: number;
}

/** One call: `path` is relative to `baseUrl` (e.g. `/api/application/nodes`). */
export interface PanelRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** API key, sent as `Authorization: Bearer <key>` */
  key: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function errorFrom(response: Response): Promise<PterodactylError> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { errors?: PterodactylErrorEntry[] };
    if (Array.isArray(parsed.errors) && parsed.errors.length > 0)
      return new PterodactylError(response.status, parsed.errors);
  } catch {
    // not JSON: fall through to a generic entry
  }
  const detail =
    response.status >= 300 && response.status < 400
      ? 'Redirected (missing or invalid API key?)'
      : text.slice(0, 200);
  return new PterodactylError(response.status, [
    { code: 'HttpException', status: String(response.status), detail },
  ]);
}

function retryable(error: PterodactylError): boolean {
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * Creates the function that performs panel calls: JSON in and out, `Accept` and `Content-Type`
 * `application/json`, no redirects followed.
 * @returns `request<T>(req)` resolving to the parsed body (undefined for 204)
 * @throws PterodactylError with the panel's errors, or status 0 / `ConnectionError` on network failure or
 *   timeout; GETs are retried `retries` times with exponential backoff on 0, 429 and 5xx
 */
export function createTransport(options: TransportOptions) {
  async function attempt<T>(req: PanelRequest): Promise<T> {
    const url = new URL(options.baseUrl + req.path);
    for (const [k, v] of Object.entries(req.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    let response: Response;
    try {
      response = await options.fetch(url, {
        method: req.method,
        headers: {
          Authorization: `Bearer ${req.key}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw connectionError(
        timedOut
          ? `No answer within ${options.timeoutMs} ms`
          : `Cannot reach the panel: ${(error as Error).message}`,
      );
    }
    if (!response.ok) throw await errorFrom(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  return async function request<T>(req: PanelRequest): Promise<T> {
    const tries = req.method === 'GET' ? options.retries + 1 : 1;
    for (let i = 1; ; i++) {
      try {
        return await attempt<T>(req);
      } catch (error) {
        if (!(error instanceof PterodactylError) || !retryable(error) || i >= tries) throw error;
        await sleep(options.retryDelayMs * 2 ** (i - 1));
      }
    }
  };
}

export type PanelTransport = ReturnType<typeof createTransport>;
