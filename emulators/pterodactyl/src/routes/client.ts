import type { FastifyInstance, FastifyRequest } from 'fastify';
import { item } from '../envelope';
import { assertValid, notFound, panelError } from '../errors';
import type { PowerSignal } from '../process';
import type { ServerRecord } from '../records';
import { normaliseInput, validateFields } from '../rules';
import type { EmulatorState } from '../state';
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
 * Client API (`/api/client`) for the client key's owner: `GET /servers/{server}`,
 * `GET /servers/{server}/websocket`, `GET /servers/{server}/resources` (cached 20 s per server, as the
 * panel does), `POST /servers/{server}/power`.
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
}
