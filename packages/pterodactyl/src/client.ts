import { isNotFound, isPterodactylError } from './errors';
import { createTransport, type PanelRequest } from './http';
import type {
  CreateServerInput,
  CreateUserInput,
  UpdateServerBuildInput,
  UpdateServerDetailsInput,
  UpdateServerStartupInput,
} from './inputs';
import { PANEL_LIMITS } from './kinds';
import { RequestBudget } from './limiter';
import type {
  Allocation,
  Egg,
  EggVariable,
  Location,
  Nest,
  Node,
  PanelUser,
  PowerSignal,
  ResourceStats,
  Server,
  WebsocketCredentials,
} from './types';

/** Options of `createPterodactylClient`. */
export interface PterodactylClientOptions {
  /** panel URL, e.g. `https://panel.example.com` or the emulator's `http://localhost:3000/_emulators/pterodactyl` */
  baseUrl: string;
  /** `ptla_...` Application API key of a root admin */
  applicationKey: string;
  /** `ptlc_...` Client API key of a root admin (reaches every server) */
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
   * The panel's per-key limits (its `config/http.php`: 240 application and 720 client calls a minute),
   * kept by one limiter per key with headroom (`panelBudget`); `false` sends without waiting.
   */
  rateLimit?: { applicationPerMinute: number; clientPerMinute: number } | false;
  /** extra attempts of a call answered 429, each after `Retry-After` (default 3) */
  rateLimitRetries?: number;
  /** longest `Retry-After` waited for, milliseconds (default 120 000) */
  maxRetryAfterMs?: number;
}

/** The panel's default limits per key and minute (`config/http.php`). */
export const PANEL_RATE_LIMITS = PANEL_LIMITS.pterodactyl;

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

interface Item<T> {
  object: string;
  attributes: T;
}
interface List<T> {
  object: 'list';
  data: Array<Item<T>>;
  meta?: { pagination: { current_page: number; total_pages: number } };
}
type EggWire = Omit<Egg, 'variables'> & { relationships?: { variables?: List<EggVariable> } };

const enc = encodeURIComponent;

function unwrapEgg(egg: EggWire): Egg {
  const { relationships, ...attributes } = egg;
  const variables = relationships?.variables?.data.map((v) => v.attributes);
  return variables ? { ...attributes, variables } : attributes;
}

/**
 * A typed client of the Pterodactyl Application API (`/api/application`, application key) and Client API
 * (`/api/client`, client key). Every method throws `PterodactylError` (see errors.ts) on failure; list
 * methods read all pages.
 */
export function createPterodactylClient(options: PterodactylClientOptions) {
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
  const limits = options.rateLimit === undefined ? PANEL_RATE_LIMITS : options.rateLimit;
  const budgets = limits
    ? { application: panelBudget(limits.applicationPerMinute), client: panelBudget(limits.clientPerMinute) }
    : null;
  type Call = Omit<PanelRequest, 'key' | 'path' | 'api' | 'budget'> & { path: string };
  const app = <T>(req: Call) =>
    request<T>({
      ...req,
      path: `/api/application${req.path}`,
      key: options.applicationKey,
      api: 'application',
      budget: budgets?.application,
    });
  const client = <T>(req: Call) =>
    request<T>({
      ...req,
      path: `/api/client${req.path}`,
      key: options.clientKey,
      api: 'client',
      budget: budgets?.client,
    });
  const get = async <T>(path: string, query?: PanelRequest['query']) =>
    (await app<Item<T>>({ method: 'GET', path, query })).attributes;

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

  const getServerByExternalId = (externalId: string) =>
    orNull(get<Server>(`/servers/external/${enc(externalId)}`));
  const getUserByExternalId = (externalId: string) =>
    orNull(get<PanelUser>(`/users/external/${enc(externalId)}`));

  async function orNull<T>(promise: Promise<T>): Promise<T | null> {
    try {
      return await promise;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    /** HTTP requests sent and 429 answers received since the client was made. */
    stats: () => ({
      ...request.stats(),
      budgets: budgets ? { application: budgets.application.stats(), client: budgets.client.stats() } : null,
    }),
    /** All locations. */
    listLocations: () => listAll<Location>('/locations'),
    /** All nodes, each with `allocated_resources` (MB). */
    listNodes: () => listAll<Node>('/nodes'),
    /**
     * Public nodes (in `locationIds`, all when empty) with room for `memory` and `disk` MB more, by the
     * panel's overallocation rule; [] when none (the panel's NoViableNodeException).
     */
    listDeployableNodes: async (need: { memory: number; disk: number; locationIds?: number[] }) => {
      const query = { memory: need.memory, disk: need.disk, 'location_ids[]': need.locationIds };
      try {
        return await listAll<Node>('/nodes/deployable', query);
      } catch (error) {
        if (isPterodactylError(error) && error.code === 'NoViableNodeException') return [];
        throw error;
      }
    },
    /** One node; 404 -> PterodactylError. */
    getNode: (id: number) => get<Node>(`/nodes/${id}`),
    /**
     * Allocations of a node, in the panel's order; `unassignedOnly` sends `filter[server_id]=0`; `atLeast`
     * stops reading pages (100 rows each) once that many rows are in.
     */
    listNodeAllocations: (nodeId: number, opts: { unassignedOnly?: boolean; atLeast?: number } = {}) =>
      listAll<Allocation>(
        `/nodes/${nodeId}/allocations`,
        opts.unassignedOnly ? { 'filter[server_id]': '0' } : {},
        opts.atLeast,
      ),
    /** All nests. */
    listNests: () => listAll<Nest>('/nests'),
    /** The eggs of a nest (the panel does not paginate them); `includeVariables` fills `egg.variables`. */
    listEggs: async (nestId: number, opts: { includeVariables?: boolean } = {}) => {
      const query = opts.includeVariables ? { include: 'variables' } : {};
      const body = await app<List<EggWire>>({ method: 'GET', path: `/nests/${nestId}/eggs`, query });
      return body.data.map((d) => unwrapEgg(d.attributes));
    },
    /** One egg; `includeVariables` fills `egg.variables`. */
    getEgg: async (nestId: number, eggId: number, opts: { includeVariables?: boolean } = {}) =>
      unwrapEgg(
        await get<EggWire>(
          `/nests/${nestId}/eggs/${eggId}`,
          opts.includeVariables ? { include: 'variables' } : {},
        ),
      ),

    /** One panel user by id; 404 -> PterodactylError. */
    getUser: (id: number) => get<PanelUser>(`/users/${id}`),
    /** The panel user with this external id, or null. */
    getUserByExternalId,
    /**
     * Creates a panel user; 422 when email, username or external_id is taken or malformed. With an
     * `external_id`, a call without a clear answer is retried safely (found by it first).
     */
    createUser: (input: CreateUserInput) =>
      createByExternalId(
        input.external_id,
        async () => (await app<Item<PanelUser>>({ method: 'POST', path: '/users', body: input })).attributes,
        getUserByExternalId,
      ),
    /**
     * The panel users whose e-mail is exactly `email`, compared case-insensitively as the panel's
     * unique index does. The panel's `filter[email]` matches any part of the address (Spatie's partial
     * filter), so the exact match is made here; usually [] or one user.
     */
    listUsersByEmail: async (email: string) => {
      const wanted = email.trim().toLowerCase();
      const rows = await listAll<PanelUser>('/users', { 'filter[email]': email.trim() });
      return rows.filter((u) => u.email.toLowerCase() === wanted);
    },

    /**
     * Creates a server (201, status `installing`). Throws 422 on validation (egg variables included),
     * 400 NoViableNodeException / NoViableAllocationException, 504 DaemonConnectionException. With an
     * `external_id`, a call without a clear answer (no answer, timeout, 5xx) is retried safely: the server
     * is looked up by it first and made again only when the panel has none.
     */
    createServer: (input: CreateServerInput) =>
      createByExternalId(
        input.external_id,
        async () => (await app<Item<Server>>({ method: 'POST', path: '/servers', body: input })).attributes,
        getServerByExternalId,
      ),
    /** One server by panel id; 404 -> PterodactylError. */
    getServer: (id: number) => get<Server>(`/servers/${id}`),
    /** The server with this external id, or null. */
    getServerByExternalId,
    /** All servers. */
    listServers: () => listAll<Server>('/servers'),
    /** Sets limits and feature limits; the panel changes only the fields sent (BuildModificationService). */
    updateServerBuild: async (id: number, input: UpdateServerBuildInput) =>
      (await app<Item<Server>>({ method: 'PATCH', path: `/servers/${id}/build`, body: input })).attributes,
    /** Changes name, owner, external id, description. */
    updateServerDetails: async (id: number, input: UpdateServerDetailsInput) =>
      (await app<Item<Server>>({ method: 'PATCH', path: `/servers/${id}/details`, body: input })).attributes,
    /** Sets egg, image, startup and egg variable values (StartupModificationService at the admin level). */
    updateServerStartup: async (id: number, input: UpdateServerStartupInput) =>
      (await app<Item<Server>>({ method: 'PATCH', path: `/servers/${id}/startup`, body: input })).attributes,
    /** Suspends (no-op when already suspended). */
    suspendServer: async (id: number) => {
      await app<void>({ method: 'POST', path: `/servers/${id}/suspend` });
    },
    /** Unsuspends (no-op when not suspended). */
    unsuspendServer: async (id: number) => {
      await app<void>({ method: 'POST', path: `/servers/${id}/unsuspend` });
    },
    /** Deletes a server; `force` ignores daemon errors. */
    deleteServer: async (id: number, opts: { force?: boolean } = {}) => {
      await app<void>({ method: 'DELETE', path: `/servers/${id}${opts.force ? '/force' : ''}` });
    },

    /** The account the client key belongs to (`admin` is true for a root admin). */
    getAccount: async () =>
      (
        await client<Item<{ id: number; admin: boolean; username: string; email: string }>>({
          method: 'GET',
          path: '/account',
        })
      ).attributes,
    /** JWT and socket URL for the Wings websocket; 409 while suspended or installing. */
    getWebsocketCredentials: async (identifierOrUuid: string) =>
      (
        await client<{ data: WebsocketCredentials }>({
          method: 'GET',
          path: `/servers/${enc(identifierOrUuid)}/websocket`,
        })
      ).data,
    /** Current resource usage (bytes, percent, ms). */
    getResources: async (identifier: string) =>
      (await client<Item<ResourceStats>>({ method: 'GET', path: `/servers/${enc(identifier)}/resources` }))
        .attributes,
    /** Sends a power signal (204). */
    sendPowerSignal: async (identifier: string, signal: PowerSignal) => {
      await client<void>({ method: 'POST', path: `/servers/${enc(identifier)}/power`, body: { signal } });
    },
    /**
     * Sets one user-editable egg variable of a server (PUT /servers/{server}/startup/variable); the panel
     * validates `value` by the variable's rules. 400 BadRequestHttpException when the variable is hidden or
     * read-only, 422 when the value fails its rules, 409 while suspended or installing.
     */
    updateStartupVariable: async (identifier: string, key: string, value: string) => {
      await client<unknown>({
        method: 'PUT',
        path: `/servers/${enc(identifier)}/startup/variable`,
        body: { key, value },
      });
    },
  };
}

/** The client `createPterodactylClient` returns. */
export type PterodactylClient = ReturnType<typeof createPterodactylClient>;
