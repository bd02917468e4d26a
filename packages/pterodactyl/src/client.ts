import { createPanelCore, enc, type Item, type List, orNull, type PterodactylClientOptions } from './core';
import { isPterodactylError } from './errors';
import type {
  CreateServerInput,
  CreateUserInput,
  UpdateServerBuildInput,
  UpdateServerDetailsInput,
  UpdateServerStartupInput,
} from './inputs';
import { PANEL_LIMITS } from './kinds';
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

export type { PterodactylClientOptions } from './core';
export { PANEL_BUDGET_SHARE, panelBudget } from './core';

/** The panel's default limits per key and minute (`config/http.php`). */
export const PANEL_RATE_LIMITS = PANEL_LIMITS.pterodactyl;

type EggWire = Omit<Egg, 'variables'> & { relationships?: { variables?: List<EggVariable> } };

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
  const { app, client, get, listAll, createByExternalId, stats } = createPanelCore(
    options,
    PANEL_RATE_LIMITS,
  );

  const getServerByExternalId = (externalId: string) =>
    orNull(get<Server>(`/servers/external/${enc(externalId)}`));
  const getUserByExternalId = (externalId: string) =>
    orNull(get<PanelUser>(`/users/external/${enc(externalId)}`));

  const listEggs = async (nestId: number, opts: { includeVariables?: boolean }) => {
    const query = opts.includeVariables ? { include: 'variables' } : {};
    const body = await app<List<EggWire>>({ method: 'GET', path: `/nests/${nestId}/eggs`, query });
    return body.data.map((d) => unwrapEgg(d.attributes));
  };
  return {
    /** HTTP requests sent and 429 answers received since the client was made. */
    stats,
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
    listEggs: (nestId: number, opts: { includeVariables?: boolean } = {}) => listEggs(nestId, opts),
    /** Every nest with its eggs and their variables: the nests, then a call per nest. */
    listNestsWithEggs: async (): Promise<Array<Nest & { eggs: Egg[] }>> => {
      const nests = await listAll<Nest>('/nests');
      return Promise.all(
        nests.map(async (nest) => ({ ...nest, eggs: await listEggs(nest.id, { includeVariables: true }) })),
      );
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
