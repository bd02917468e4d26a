import type { FastifyInstance, FastifyRequest } from 'fastify';
import { item, list } from '../api/envelope';
import { assertValid, notFound, panelError } from '../api/errors';
import type { PowerSignal } from '../process';
import { checkRules, normaliseInput, validateFields } from '../rules';
import type { ServerRecord } from '../state/records';
import type { EmulatorState } from '../state/state';
import type { WingsStats } from '../stats-walk';
import { signWebsocketToken } from '../wings/token';

/** How long the panel caches a server's resource usage (ResourceUtilizationController). */
export const RESOURCES_CACHE_MS = 20_000;

/** The panel's ServerStateConflictException (409) for a server that cannot be used right now, else null. */
function stateConflict(state: EmulatorState, server: ServerRecord) {
  const node = state.db.nodes.find((n) => n.id === server.node_id);
  let detail: string | null = null;
  if (server.status === 'suspended') {
    detail = 'This server is currently suspended and the functionality requested is unavailable.';
  } else if (node?.maintenance_mode) {
    detail =
      'The node of this server is currently under maintenance and the functionality requested is unavailable.';
  } else if (
    !server.installed ||
    server.status === 'installing' ||
    server.status === 'install_failed' ||
    server.status === 'reinstall_failed'
  ) {
    detail = 'This server has not yet completed its installation process, please try again later.';
  } else if (server.status === 'restoring_backup') {
    detail = 'This server is currently restoring from a backup, please try again later.';
  }
  return detail ? panelError(409, 'ServerStateConflictException', detail) : null;
}

/**
 * Client API (`/api/client`) for the client key's owner: `GET /account`, `GET /servers/{server}`,
 * `GET /servers/{server}/websocket`, `GET /servers/{server}/resources` (cached 20 s per server, as the
 * panel does), `POST /servers/{server}/power`, `GET /servers/{server}/startup` and
 * `PUT /servers/{server}/startup/variable`.
 * `{server}` is the 8-character identifier or the full uuid.
 */
export async function clientRoutes(app: FastifyInstance, { state }: { state: EmulatorState }) {
  const { db } = state;

  /** Finds a server the key's user may reach (root admins reach all); 404 otherwise; 409 when `usable`. */
  function serverOf(request: FastifyRequest, usable = true): ServerRecord {
    const ref = (request.params as { server: string }).server;
    const user = state.clientKeyOwner();
    const server = db.servers.find((s) => s.uuid === ref || (ref.length === 8 && s.uuid.startsWith(ref)));
    if (!server || (!user.root_admin && server.user_id !== user.id)) throw notFound();
    const conflict = usable ? stateConflict(state, server) : null;
    if (conflict) throw conflict;
    return server;
  }

  // AccountController::index with the client AccountTransformer: who the key belongs to.
  app.get('/account', async () => {
    const user = state.clientKeyOwner();
    return item('user', {
      id: user.id,
      admin: user.root_admin,
      username: user.username,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      language: user.language,
    });
  });

  app.get('/servers/:server', async (request) => {
    const server = serverOf(request, false);
    const node = db.nodes.find((n) => n.id === server.node_id);
    const allocation = db.allocations.find((a) => a.id === server.allocation_id);
    return item('server', {
      server_owner: server.user_id === state.clientKeyOwner().id,
      identifier: server.uuid.slice(0, 8),
      internal_id: server.id,
      uuid: server.uuid,
      name: server.name,
      node: node?.name ?? '',
      is_node_under_maintenance: node?.maintenance_mode ?? false,
      sftp_details: { ip: node?.fqdn ?? '', port: node?.daemon_sftp ?? 2022 },
      description: server.description,
      limits: server.limits,
      invocation: server.startup,
      docker_image: server.image,
      feature_limits: server.feature_limits,
      status: server.status,
      is_suspended: server.status === 'suspended',
      is_installing: !server.installed,
      is_transferring: false,
      relationships: {
        allocations: {
          object: 'list',
          data: allocation
            ? [
                {
                  object: 'allocation',
                  attributes: {
                    id: allocation.id,
                    ip: allocation.ip,
                    ip_alias: allocation.alias,
                    port: allocation.port,
                    notes: allocation.notes,
                    is_default: true,
                  },
                },
              ]
            : [],
        },
      },
    });
  });

  app.get('/servers/:server/websocket', async (request) => {
    state.countWebsocketRequest((request.params as { server: string }).server);
    const server = serverOf(request);
    const failure = state.takeFailure('websocket');
    if (failure) throw failure;
    const node = db.nodes.find((n) => n.id === server.node_id);
    if (!node) throw notFound();
    const token = await signWebsocketToken(state, node, server, state.clientKeyOwner());
    return { data: { token, socket: `${state.config.wingsSocketBase}/api/servers/${server.uuid}/ws` } };
  });

  // The panel's ResourceUtilizationController keeps Wings' answer 20 s under `resources:{uuid}`, shared
  // by every user and key: a state change shows up to 20 s late.
  const resources = new Map<string, { stats: WingsStats; until: number }>();
  let prunedAt = 0;
  function cachedSample(uuid: string): WingsStats {
    const now = state.now();
    const kept = resources.get(uuid);
    if (kept && now < kept.until) return kept.stats;
    if (now - prunedAt >= RESOURCES_CACHE_MS) {
      prunedAt = now;
      for (const [key, entry] of resources) if (now >= entry.until) resources.delete(key);
    }
    const failure = state.takeFailure('resources');
    if (failure) throw failure;
    const stats = state.process.sample(uuid);
    resources.set(uuid, { stats, until: now + RESOURCES_CACHE_MS });
    return stats;
  }

  app.get('/servers/:server/resources', async (request) => {
    const server = serverOf(request);
    const stats = cachedSample(server.uuid);
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
    const server = serverOf(request);
    const body = normaliseInput(request.body ?? {});
    assertValid(validateFields(body, { signal: 'required|string|in:start,stop,restart,kill' }));
    const failure = state.takeFailure('power');
    if (failure) throw failure;
    state.process.signal(server.uuid, (body as { signal: PowerSignal }).signal);
    return reply.code(204).send();
  });

  /** A server's user-viewable egg variables, as the panel's client EggVariableTransformer shows them. */
  function startupVariables(server: ServerRecord) {
    const egg = db.eggs.find((e) => e.id === server.egg_id);
    return (egg?.variables ?? [])
      .filter((v) => v.user_viewable)
      .map((v) => ({
        name: v.name,
        description: v.description,
        env_variable: v.env_variable,
        default_value: v.default_value,
        server_value: server.environment[v.env_variable] ?? null,
        is_editable: v.user_editable,
        rules: v.rules,
      }));
  }

  /** StartupCommandService: the startup line with memory, address and values; hidden ones as [hidden]. */
  function startupCommand(server: ServerRecord): string {
    const egg = db.eggs.find((e) => e.id === server.egg_id);
    const allocation = db.allocations.find((a) => a.id === server.allocation_id);
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

  app.get('/servers/:server/startup', async (request) => {
    const server = serverOf(request);
    return {
      ...list('egg_variable', startupVariables(server)),
      meta: { startup_command: startupCommand(server), raw_startup_command: server.startup },
    };
  });

  // StartupController::update: a hidden variable "does not exist", a read-only one is refused, and the
  // value is validated by the variable's own rules under the attribute `value`.
  app.put('/servers/:server/startup/variable', async (request) => {
    const server = serverOf(request);
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
    state.changed({ servers: [server] });
    const shown = startupVariables(server).find((v) => v.env_variable === variable.env_variable);
    // The controller answers with the value as sent (null for an empty one), the stored value being ''.
    return {
      ...item('egg_variable', { ...shown, server_value: value === null ? null : String(value) }),
      meta: { startup_command: startupCommand(server), raw_startup_command: server.startup },
    };
  });
}
