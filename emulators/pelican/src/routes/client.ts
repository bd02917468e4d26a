import { createHash } from 'node:crypto';
import { item } from '@falkenhost/pterodactyl-emulator/api/envelope';
import { assertValid, notFound, panelError } from '@falkenhost/pterodactyl-emulator/api/errors';
import type { PowerSignal } from '@falkenhost/pterodactyl-emulator/process';
import { checkRules, normaliseInput, validateFields } from '@falkenhost/pterodactyl-emulator/rules';
import type { WingsStats } from '@falkenhost/pterodactyl-emulator/stats-walk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applyThrottle, callerOf } from '../api/auth';
import type { EggVariableRecord, ServerRecord } from '../state/records';
import type { PelicanState } from '../state/state';
import { signPelicanSocketToken } from '../wings/token';

/** How long the panel caches a server's resource usage (ResourceUtilizationController). */
export const RESOURCES_CACHE_MS = 20_000;

/** ServerStateConflictException (409) for a server in a conflict state (Server::isInConflictState), else null. */
function stateConflict(state: PelicanState, server: ServerRecord) {
  const node = state.db.nodes.find((n) => n.id === server.node_id);
  let detail: string | null = null;
  if (server.status === 'suspended')
    detail = 'This server is currently suspended and the functionality requested is unavailable.';
  else if (node?.maintenance_mode)
    detail =
      'The node of this server is currently under maintenance and the functionality requested is unavailable.';
  else if (server.status === 'installing')
    detail = 'This server has not yet completed its installation process, please try again later.';
  return detail ? panelError(409, 'ServerStateConflictException', detail) : null;
}

/** The client EggVariableTransformer: rules joined with `|` again, the server's value beside the default. */
function clientVariable(v: EggVariableRecord, value: string | null) {
  return {
    name: v.name,
    description: v.description,
    env_variable: v.env_variable,
    default_value: v.default_value,
    server_value: value,
    is_editable: v.user_editable,
    rules: v.rules.join('|'),
  };
}

/** StartupCommandService: the startup line with memory, address and values; hidden ones as [hidden]. */
function startupCommand(state: PelicanState, server: ServerRecord): string {
  const egg = state.db.eggs.find((e) => e.id === server.egg_id);
  const allocation = state.db.allocations.find((a) => a.id === server.allocation_id);
  const values: Record<string, string> = {
    SERVER_MEMORY: String(server.limits.memory),
    SERVER_IP: allocation?.ip ?? '',
    SERVER_PORT: String(allocation?.port ?? ''),
  };
  for (const v of egg?.variables ?? [])
    values[v.env_variable] = v.user_viewable
      ? (server.environment[v.env_variable] ?? v.default_value ?? '')
      : '[hidden]';
  return server.startup.replace(/\{\{([A-Za-z0-9_]+)\}\}/g, (all, key: string) => values[key] ?? all);
}

/**
 * Route binding (404), AuthenticateServerAccess (404 for someone neither owner nor admin, 409 in a
 * conflict state unless an admin asks for the websocket, `$except`).
 */
function serverOf(state: PelicanState, request: FastifyRequest, websocket = false): ServerRecord {
  const ref = (request.params as { server: string }).server;
  const { user } = callerOf(request);
  const server = state.db.servers.find((s) => s.uuid === ref || s.uuid.slice(0, 8) === ref);
  if (!server) throw notFound();
  if (!user.root_admin && server.user_id !== user.id)
    throw panelError(404, 'NotFoundHttpException', 'The requested resource does not exist on this server.');
  const conflict = stateConflict(state, server);
  if (conflict && !(websocket && user.root_admin)) throw conflict;
  return server;
}

/** ResourceUtilizationController's cache: Wings' answer kept 20 s per server, shared by every user. */
function resourceCache(state: PelicanState): (uuid: string) => WingsStats {
  const resources = new Map<string, { stats: WingsStats; until: number }>();
  return (uuid) => {
    const now = state.now();
    let kept = resources.get(uuid);
    if (!kept || now >= kept.until) {
      const failure = state.takeFailure('resources');
      if (failure) throw failure;
      kept = { stats: state.process.sample(uuid), until: now + RESOURCES_CACHE_MS };
      resources.set(uuid, kept);
    }
    return kept.stats;
  };
}

/**
 * Client API (`/api/client`): `GET /account`, `GET /servers/{server}/websocket` (5 a minute per server,
 * shared by its users), `GET /servers/{server}/resources` (cached 20 s per server), `POST
 * /servers/{server}/power`, `PUT /servers/{server}/startup/variable`. `{server}` is the uuid or its first
 * 8 characters.
 */
export async function clientRoutes(app: FastifyInstance, { state }: { state: PelicanState }) {
  const { db } = state;

  app.get('/account', async (request) => {
    const { user } = callerOf(request);
    return item('user', {
      uuid: user.uuid,
      username: user.username,
      email: user.email,
      language: user.language,
      image: `https://gravatar.com/avatar/${createHash('md5').update(user.email.toLowerCase()).digest('hex')}`,
      admin: user.root_admin,
      root_admin: user.root_admin,
      '2fa_enabled': user.two_factor,
      created_at: user.created_at,
      updated_at: user.updated_at,
    });
  });

  app.get('/servers/:server/websocket', async (request, reply: FastifyReply) => {
    const server = serverOf(state, request, true);
    state.countWebsocketRequest(server.uuid);
    // ResourceLimit::Websocket: keyed by the server, so every user of it shares the five a minute.
    applyThrottle(reply, state.websocketLimiter.hit('client', `server-resource:Websocket:${server.uuid}`));
    const { user } = callerOf(request);
    if (!user.root_admin && user.id !== server.user_id)
      throw panelError(
        403,
        'HttpForbiddenException',
        "You do not have permission to connect to this server's websocket.",
      );
    const failure = state.takeFailure('websocket');
    if (failure) throw failure;
    const node = db.nodes.find((n) => n.id === server.node_id);
    if (!node) throw notFound();
    const token = await signPelicanSocketToken(state, node, server, user);
    return { data: { token, socket: `${state.config.wingsSocketBase}/api/servers/${server.uuid}/ws` } };
  });

  const sample = resourceCache(state);
  app.get('/servers/:server/resources', async (request) => {
    const server = serverOf(state, request);
    const stats = sample(server.uuid);
    return item('stats', {
      current_state: stats.state,
      is_suspended: false,
      resources: {
        memory_bytes: stats.memory_bytes,
        cpu_absolute: stats.cpu_absolute,
        disk_bytes: stats.disk_bytes,
        network_rx_bytes: stats.network.rx_bytes,
        network_tx_bytes: stats.network.tx_bytes,
        uptime: stats.uptime,
      },
    });
  });

  app.post('/servers/:server/power', async (request, reply) => {
    const server = serverOf(state, request);
    const body = normaliseInput(request.body ?? {});
    assertValid(validateFields(body, { signal: 'required|string|in:start,stop,restart,kill' }));
    const failure = state.takeFailure('power');
    if (failure) throw failure;
    state.process.signal(server.uuid, (body as { signal: PowerSignal }).signal);
    return reply.code(204).send();
  });

  // StartupController::update: a hidden variable "does not exist", a read-only one is refused, the value
  // is validated by the variable's own rules under the attribute `value`.
  app.put('/servers/:server/startup/variable', async (request) => {
    const server = serverOf(state, request);
    const body = normaliseInput(request.body ?? {}) as Record<string, unknown>;
    assertValid(validateFields(body, { key: 'required|string', value: 'present' }));
    const egg = db.eggs.find((e) => e.id === server.egg_id);
    const variable = egg?.variables.find((v) => v.env_variable === body.key);
    if (!variable?.user_viewable)
      throw panelError(
        400,
        'BadRequestHttpException',
        'The environment variable you are trying to edit does not exist.',
      );
    if (!variable.user_editable)
      throw panelError(
        400,
        'BadRequestHttpException',
        'The environment variable you are trying to edit is read-only.',
      );
    const value = body.value ?? null;
    const failed = checkRules(value, true, variable.rules, 'value');
    if (failed) assertValid([{ field: 'value', ...failed }]);
    server.environment[variable.env_variable] = value === null ? '' : String(value);
    server.updated_at = state.timestamp();
    return {
      ...item('egg_variable', clientVariable(variable, value === null ? null : String(value))),
      meta: { startup_command: startupCommand(state, server), raw_startup_command: server.startup },
    };
  });
}
