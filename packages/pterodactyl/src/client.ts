import { isNotFound, isPterodactylError } from './errors';
import { createTransport, type PanelRequest } from './http';
import type {
  CreateServerInput,
  CreateUserInput,
  UpdateServerBuildInput,
  UpdateServerDetailsInput,
} from './inputs';
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
  const request = createTransport({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 250,
  });
  const app = <T>(req: Omit<PanelRequest, 'key' | 'path'> & { path: string }) =>
    request<T>({ ...req, path: `/api/application${req.path}`, key: options.applicationKey });
  const client = <T>(req: Omit<PanelRequest, 'key' | 'path'> & { path: string }) =>
    request<T>({ ...req, path: `/api/client${req.path}`, key: options.clientKey });
  const get = async <T>(path: string, query?: PanelRequest['query']) =>
    (await app<Item<T>>({ method: 'GET', path, query })).attributes;

  async function listAll<T>(path: string, query: PanelRequest['query'] = {}): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const body = await app<List<T>>({ method: 'GET', path, query: { ...query, page, per_page: 100 } });
      rows.push(...body.data.map((d) => d.attributes));
      const pagination = body.meta?.pagination;
      if (!pagination || pagination.current_page >= pagination.total_pages) return rows;
    }
  }

  async function orNull<T>(promise: Promise<T>): Promise<T | null> {
    try {
      return await promise;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    /** All locations. */
    listLocations: () => listAll<Location>('/locations'),
    /** All nodes, each with `allocated_resources` (MB). */
    listNodes: () => listAll<Node>('/nodes'),
    /**
     * Public nodes (in `locationIds`, all when empty) with room for `memory` and `disk` MB more, by the
     * panel's overallocation rule; [] when none (the panel's NoViableNodeException).
     */
    listDeployableNodes: async (need: { memory: number; disk: number; locationIds?: number[] }) => {
      const query = { memory: need.memory, disk: need.disk, 'location_ids[]': need.locationIds?.join(',') };
      try {
        return await listAll<Node>('/nodes/deployable', query);
      } catch (error) {
        if (isPterodactylError(error) && error.code === 'NoViableNodeException') return [];
        throw error;
      }
    },
    /** One node; 404 -> PterodactylError. */
    getNode: (id: number) => get<Node>(`/nodes/${id}`),
    /** Allocations of a node; `unassignedOnly` sends `filter[server_id]=0`. */
    listNodeAllocations: (nodeId: number, opts: { unassignedOnly?: boolean } = {}) =>
      listAll<Allocation>(
        `/nodes/${nodeId}/allocations`,
        opts.unassignedOnly ? { 'filter[server_id]': '0' } : {},
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
    getUserByExternalId: (externalId: string) => orNull(get<PanelUser>(`/users/external/${enc(externalId)}`)),
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
    /** Creates a panel user; 422 when email, username or external_id is taken or malformed. */
    createUser: async (input: CreateUserInput) =>
      (await app<Item<PanelUser>>({ method: 'POST', path: '/users', body: input })).attributes,

    /**
     * Creates a server (201, status `installing`). Throws 422 on validation (egg variables included),
     * 400 NoViableNodeException / NoViableAllocationException, 504 DaemonConnectionException.
     */
    createServer: async (input: CreateServerInput) =>
      (await app<Item<Server>>({ method: 'POST', path: '/servers', body: input })).attributes,
    /** One server by panel id; 404 -> PterodactylError. */
    getServer: (id: number) => get<Server>(`/servers/${id}`),
    /** The server with this external id, or null. */
    getServerByExternalId: (externalId: string) =>
      orNull(get<Server>(`/servers/external/${enc(externalId)}`)),
    /** All servers. */
    listServers: () => listAll<Server>('/servers'),
    /** Replaces limits and feature limits (omitted optional values are reset by the panel). */
    updateServerBuild: async (id: number, input: UpdateServerBuildInput) =>
      (await app<Item<Server>>({ method: 'PATCH', path: `/servers/${id}/build`, body: input })).attributes,
    /** Changes name, owner, external id, description. */
    updateServerDetails: async (id: number, input: UpdateServerDetailsInput) =>
      (await app<Item<Server>>({ method: 'PATCH', path: `/servers/${id}/details`, body: input })).attributes,
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
  };
}

/** The client `createPterodactylClient` returns. */
export type PterodactylClient = ReturnType<typeof createPterodactylClient>;
