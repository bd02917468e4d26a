import type { PterodactylClient } from './client';
import { createPanelCore, enc, type Item, orNull, type PterodactylClientOptions } from './core';
import { PterodactylError } from './errors';
import type {
  CreateServerInput,
  CreateUserInput,
  ServerLimitsInput,
  UpdateServerBuildInput,
  UpdateServerDetailsInput,
  UpdateServerStartupInput,
} from './inputs';
import { PANEL_LIMITS } from './kinds';
import { pelicanCatalog } from './pelican-catalog';
import { type PelicanServer, type PelicanUser, serverFromPelican, userFromPelican } from './pelican-map';
import type { PanelUser, PowerSignal, ResourceStats, Server, WebsocketCredentials } from './types';

export { locationTagOf } from './pelican-catalog';
export { nestIdsOf, tagId, UNTAGGED_NEST, UNTAGGED_NEST_ID } from './pelican-map';

/** Pelican's default limits per user and minute (config/http.php `APP_API_APPLICATION_RATELIMIT`, `..._CLIENT_...`). */
export const PELICAN_RATE_LIMITS = PANEL_LIMITS.pelican;

type Core = ReturnType<typeof createPanelCore>;

/** The panel's 400 NoViableNodeException (FindViableNodesService). */
const noViableNode = () =>
  new PterodactylError(400, [
    {
      code: 'NoViableNodeException',
      status: '400',
      detail: 'No nodes satisfying the requirements specified for automatic deployment could be found.',
    },
  ]);

/** Pelican's `limits`: no `oom_disabled` (it reads `oom_killer` only, at the top level). */
function limitsBody({ oom_disabled: _oom, ...limits }: ServerLimitsInput) {
  return limits;
}

/** `oom_killer` when the input said anything about `oom_disabled` (top level or in limits), else nothing. */
function oomKiller(input: { oom_disabled?: boolean; limits: ServerLimitsInput }) {
  const disabled = input.oom_disabled ?? input.limits.oom_disabled;
  return disabled === undefined ? {} : { oom_killer: !disabled };
}

/** StoreServerRequest's body (app/Http/Requests/Api/Application/Servers/StoreServerRequest.php). */
function createServerBody(input: CreateServerInput, deployTags: string[] | null) {
  const { limits, deploy, oom_disabled: _oom, ...rest } = input;
  const body: Record<string, unknown> = { ...rest, limits: limitsBody(limits), ...oomKiller(input) };
  if (deploy && deployTags)
    body.deploy = { tags: deployTags, dedicated_ip: deploy.dedicated_ip, port_range: deploy.port_range };
  return body;
}

/** The user and server part of the Pelican client. */
function pelicanServers(core: Core, nestsOfEggs: (ids: number[]) => Promise<(id: number) => number>) {
  const { app, get, listAll, createByExternalId } = core;
  const one = async (server: PelicanServer) => serverFromPelican(server, await nestsOfEggs([server.egg]));
  const send = async (method: 'POST' | 'PATCH', path: string, body: unknown) =>
    one((await app<Item<PelicanServer>>({ method, path, body })).attributes);
  const getServerByExternalId = async (externalId: string): Promise<Server | null> => {
    const found = await orNull(get<PelicanServer>(`/servers/external/${enc(externalId)}`));
    return found ? one(found) : null;
  };
  return {
    getServerByExternalId,
    create: (input: CreateServerInput, deployTags: string[] | null) =>
      createByExternalId(
        input.external_id,
        () => send('POST', '/servers', createServerBody(input, deployTags)),
        getServerByExternalId,
      ),
    getServer: async (id: number) => one(await get<PelicanServer>(`/servers/${id}`)),
    listServers: async () => {
      const rows = await listAll<PelicanServer>('/servers');
      const nest = await nestsOfEggs(rows.map((s) => s.egg));
      return rows.map((s) => serverFromPelican(s, nest));
    },
    // UpdateServerBuildConfigurationRequest::validated() reads `allocation` unconditionally: always sent.
    updateServerBuild: (id: number, input: UpdateServerBuildInput) => {
      const { limits, oom_disabled: _oom, ...rest } = input;
      const body = { ...rest, limits: limitsBody(limits), ...oomKiller(input) };
      return send('PATCH', `/servers/${id}/build`, body);
    },
    updateServerDetails: (id: number, input: UpdateServerDetailsInput) =>
      send('PATCH', `/servers/${id}/details`, input),
    // UpdateServerStartupRequest: startup, environment, egg, image, skip_scripts (the same body).
    updateServerStartup: (id: number, input: UpdateServerStartupInput) =>
      send('PATCH', `/servers/${id}/startup`, input),
  };
}

/** The Pelican users (StoreUserRequest: no names, no root_admin; UserTransformer). */
function pelicanUsers(core: Core) {
  const { app, get, listAll, createByExternalId } = core;
  const getUserByExternalId = async (externalId: string): Promise<PanelUser | null> => {
    const found = await orNull(get<PelicanUser>(`/users/external/${enc(externalId)}`));
    return found ? userFromPelican(found) : null;
  };
  return {
    getUser: async (id: number) => userFromPelican(await get<PelicanUser>(`/users/${id}`)),
    getUserByExternalId,
    createUser: (input: CreateUserInput) => {
      const { email, username, external_id, password, language, timezone } = input;
      const body = { email, username, external_id, password, language, timezone };
      return createByExternalId(
        external_id,
        async () =>
          userFromPelican(
            (await app<Item<PelicanUser>>({ method: 'POST', path: '/users', body })).attributes,
          ),
        getUserByExternalId,
      );
    },
    // UserController::index allows filter[email] as Spatie's partial match, as Pterodactyl: exact match here.
    listUsersByEmail: async (email: string) => {
      const wanted = email.trim().toLowerCase();
      const rows = await listAll<PelicanUser>('/users', { 'filter[email]': email.trim() });
      return rows.map(userFromPelican).filter((u) => u.email === wanted);
    },
  };
}

/** The Client API part (app/Http/Controllers/Api/Client/*; Client UserTransformer for the account). */
function pelicanClientApi(core: Core) {
  const { client, listAll } = core;
  return {
    // The account has no `id` on Pelican: the id is the Application API's user of that uuid (0 if none, or
    // if the application key cannot read users: what the client key answered stands on its own).
    getAccount: async () => {
      const account = (
        await client<
          Item<{ uuid: string; username: string; email: string; admin?: boolean; root_admin?: boolean }>
        >({ method: 'GET', path: '/account' })
      ).attributes;
      const users = await listAll<PelicanUser>('/users', { 'filter[uuid]': account.uuid }).catch(
        (): PelicanUser[] => [],
      );
      const id = users.find((u) => u.uuid === account.uuid)?.id ?? 0;
      const admin = account.root_admin ?? account.admin ?? false;
      return { id, admin, username: account.username, email: account.email };
    },
    // ResourceLimit::Websocket: 5 a minute per server with headers of its own, so not the key's budget's.
    getWebsocketCredentials: async (identifierOrUuid: string) =>
      (
        await client<{ data: WebsocketCredentials }>({
          method: 'GET',
          path: `/servers/${enc(identifierOrUuid)}/websocket`,
          ownThrottle: true,
        })
      ).data,
    getResources: async (identifier: string) =>
      (await client<Item<ResourceStats>>({ method: 'GET', path: `/servers/${enc(identifier)}/resources` }))
        .attributes,
    sendPowerSignal: async (identifier: string, signal: PowerSignal) => {
      await client<void>({ method: 'POST', path: `/servers/${enc(identifier)}/power`, body: { signal } });
    },
    updateStartupVariable: async (identifier: string, key: string, value: string) => {
      await client<unknown>({
        method: 'PUT',
        path: `/servers/${enc(identifier)}/startup/variable`,
        body: { key, value },
      });
    },
  };
}

/**
 * A client of the Pelican panel (github:pelican-dev/panel) with the Pterodactyl client's interface and
 * semantics, so the product cannot tell which panel it talks to. Locations are node tags and nests egg tags,
 * each with the stable id `tagId(tag)`; egg variable rules stay arrays; users have '' names. Budgets are
 * `PELICAN_RATE_LIMITS` (256 application and 256 client calls a minute per user) with `PANEL_BUDGET_SHARE`.
 * Every method throws `PterodactylError` (errors.ts) on failure, with Pelican's codes (422
 * ValidationException, 400 NoViableNodeException / NoViableAllocationException, 409
 * ServerStateConflictException, 429 ThrottleRequestsException after `rateLimitRetries`); list methods read
 * all pages. Sources: routes/api-application.php, routes/api-client.php, app/Transformers/Api/*.
 */
export function createPelicanClient(options: PterodactylClientOptions): PterodactylClient {
  const core = createPanelCore(options, PELICAN_RATE_LIMITS);
  const { app } = core;
  const catalog = pelicanCatalog(core);
  const servers = pelicanServers(core, catalog.nestsOfEggs);
  const action = (path: string) => async (id: number) => {
    await app<void>({ method: 'POST', path: `/servers/${id}/${path}` });
  };
  return {
    stats: core.stats,
    ...catalog.methods,
    ...pelicanUsers(core),
    createServer: async (input: CreateServerInput) => {
      const tags = input.deploy ? await catalog.tagsOf(input.deploy.locations) : null;
      // Pelican reads no tags as "any node": locations no node carries must find none, as on Pterodactyl.
      if (input.deploy && input.deploy.locations.length > 0 && tags?.length === 0) throw noViableNode();
      return servers.create(input, tags);
    },
    getServer: servers.getServer,
    getServerByExternalId: servers.getServerByExternalId,
    listServers: servers.listServers,
    updateServerBuild: servers.updateServerBuild,
    updateServerDetails: servers.updateServerDetails,
    updateServerStartup: servers.updateServerStartup,
    suspendServer: action('suspend'),
    unsuspendServer: action('unsuspend'),
    // ServerController::delete: `/force` makes ServerDeletionService ignore Wings' failure.
    deleteServer: async (id: number, opts: { force?: boolean } = {}) => {
      await app<void>({ method: 'DELETE', path: `/servers/${id}${opts.force ? '/force' : ''}` });
    },
    ...pelicanClientApi(core),
  };
}
