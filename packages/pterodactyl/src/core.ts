import { isNotFound, isPterodactylError } from './errors';
import { createTransport, type PanelRequest } from './http';
import { RequestBudget } from './limiter';

/** Options of `createPterodactylClient` and `createPelicanClient`. */
export interface PterodactylClientOptions {
  /** panel URL, e.g. `https://panel.example.com` or the emulator's `http://localhost:3000/_emulators/pterodactyl` */
  baseUrl: string;
  /** Application API key of a root admin (`ptla_...` on Pterodactyl, `papp_...` on Pelican) */
  applicationKey: string;
  /** Client API key of a root admin, reaching every server (`ptlc_...` on Pterodactyl, `pacc_...` on Pelican) */
  clientKey: string;
  /** defaults to the global fetch */
  fetch?: typeof fetch;
  /** per attempt, milliseconds (default 10 000) */
  timeoutMs?: number;
  /** extra attempts of GETs on network errors, 429 and 5xx (default 2) */
  retries?: number;
  /** first retry backoff in milliseconds, doubled each time (default 250) */
  retryDelayMs?: number;
  /**
   * The panel's per-key limits (Pterodactyl's `config/http.php`: 240 application and 720 client calls a
   * minute; Pelican's: 256 and 256), kept by one limiter per key with headroom (`panelBudget`); `false`
   * sends without waiting.
   */
  rateLimit?: { applicationPerMinute: number; clientPerMinute: number } | false;
  /** extra attempts of a call answered 429, each after `Retry-After` (default 3) */
  rateLimitRetries?: number;
  /** longest `Retry-After` waited for, milliseconds (default 120 000) */
  maxRetryAfterMs?: number;
}

/** The share of the panel's limit a key's calls keep to on average (the queue counts against it too). */
export const PANEL_BUDGET_SHARE = 0.85;

/**
 * The limiter for a key the panel allows `limitPerMinute` calls a minute: 85 % of it on average and a
 * burst of 10 %, so that no 60 s ever carries more than 95 % of the limit (the rest is left to the key's
 * owner in the panel's own UI, which shares the budget); background calls leave a third of the burst to
 * customers (decisions/111-panel-budget.md).
 */
export function panelBudget(limitPerMinute: number): RequestBudget {
  const burst = Math.max(1, Math.floor(limitPerMinute * 0.1));
  return new RequestBudget({
    perMinute: Math.max(1, Math.floor(limitPerMinute * PANEL_BUDGET_SHARE)),
    burst,
    reserve: Math.floor(burst / 3),
  });
}

/** `{ object, attributes }`, one resource of the panel's JSON:API-like answers. */
export interface Item<T> {
  object: string;
  attributes: T;
}
/** `{ object: 'list', data, meta? }`; `meta.pagination` only on paginated lists. */
export interface List<T> {
  object: 'list';
  data: Array<Item<T>>;
  meta?: { pagination: { current_page: number; total_pages: number } };
}

export const enc = encodeURIComponent;

/** A call relative to the API's prefix (`/api/application` or `/api/client`). */
export type PanelCall = Omit<PanelRequest, 'key' | 'path' | 'api' | 'budget'> & { path: string };

/**
 * What both panel dialects share: the transport (retries, 429 handling), one budget per key, the two APIs'
 * call functions, reading all pages, and the safe create by external id.
 * @param defaultLimits the panel's own limits, used when `options.rateLimit` is undefined
 */
export function createPanelCore(
  options: PterodactylClientOptions,
  defaultLimits: { applicationPerMinute: number; clientPerMinute: number },
) {
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const request = createTransport({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
    retries,
    retryDelayMs,
    rateLimitRetries: options.rateLimitRetries ?? 3,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 120_000,
  });
  const limits = options.rateLimit === undefined ? defaultLimits : options.rateLimit;
  const budgets = limits
    ? { application: panelBudget(limits.applicationPerMinute), client: panelBudget(limits.clientPerMinute) }
    : null;
  const app = <T>(req: PanelCall) =>
    request<T>({
      ...req,
      path: `/api/application${req.path}`,
      key: options.applicationKey,
      api: 'application',
      budget: budgets?.application,
    });
  const client = <T>(req: PanelCall) =>
    request<T>({
      ...req,
      path: `/api/client${req.path}`,
      key: options.clientKey,
      api: 'client',
      budget: budgets?.client,
    });
  const get = async <T>(path: string, query?: PanelRequest['query']) =>
    (await app<Item<T>>({ method: 'GET', path, query })).attributes;

  /** Every row of a list, page by page (100 a page); an unpaginated list is one page. */
  async function listAll<T>(
    path: string,
    query: PanelRequest['query'] = {},
    atLeast = Number.POSITIVE_INFINITY,
  ): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const body = await app<List<T>>({ method: 'GET', path, query: { ...query, page, per_page: 100 } });
      rows.push(...body.data.map((d) => d.attributes));
      const pagination = body.meta?.pagination;
      if (!pagination || pagination.current_page >= pagination.total_pages || rows.length >= atLeast)
        return rows;
    }
  }

  /**
   * Creates a record that carries `externalId` and is safe to ask for twice: when the call fails without
   * a clear answer (no answer, timeout, 5xx) the record is first looked up by `externalId` (the panel may
   * have made it before the answer was lost) and only made again when it is not there.
   */
  async function createByExternalId<T>(
    externalId: string | null | undefined,
    create: () => Promise<T>,
    find: (externalId: string) => Promise<T | null>,
  ): Promise<T> {
    for (let i = 1; ; i++) {
      try {
        return await create();
      } catch (error) {
        const unclear = isPterodactylError(error) && (error.status === 0 || error.status >= 500);
        if (!externalId || !unclear || i > retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (i - 1)));
        const found = await find(externalId);
        if (found) return found;
      }
    }
  }

  /** HTTP requests sent and 429 answers received since the client was made. */
  const stats = () => ({
    ...request.stats(),
    budgets: budgets ? { application: budgets.application.stats(), client: budgets.client.stats() } : null,
  });

  return { app, client, get, listAll, createByExternalId, stats };
}

/** The value of `promise`, or null when the panel answered 404. */
export async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
