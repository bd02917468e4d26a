import {
  filterAndSort,
  item,
  list,
  paginate,
  readListQuery,
} from '@falkenhost/pterodactyl-emulator/api/envelope';
import { assertValid } from '@falkenhost/pterodactyl-emulator/api/errors';
import { validateFields } from '@falkenhost/pterodactyl-emulator/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guardedInclude, requirePermission } from '../api/auth';
import {
  allocationAttributes,
  eggAttributes,
  eggVariableAttributes,
  nodeAttributes,
  serverAttributes,
} from '../api/transformers';
import { viableNodes } from '../deploy';
import type { EggRecord, NodeRecord } from '../state/records';
import type { PelicanState } from '../state/state';
import { found, numericParam, pageUrl, withIncludes } from './helpers';

/** `tags[]=a&tags[]=b` (or `tags[0]=a`) as Laravel reads it; a lone `tags=a` is not an array. */
function tagsOf(q: Record<string, unknown>): { value: unknown; present: boolean } {
  const indexed = Object.keys(q)
    .filter((k) => /^tags\[\d*\]$/.test(k))
    .flatMap((k) => (Array.isArray(q[k]) ? (q[k] as unknown[]) : [q[k]]));
  if (indexed.length > 0) return { value: indexed.map(String), present: true };
  return { value: q.tags, present: q.tags !== undefined };
}

/**
 * `GET /nodes`, `GET /nodes/deployable`, `GET /nodes/{id}`, `GET /nodes/{id}/allocations` (node includes:
 * allocations, servers). There is no `/locations`: it answers the panel's 404 like any unknown path.
 */
export async function nodeRoutes(app: FastifyInstance, { state }: { state: PelicanState }) {
  const { db } = state;
  const fields = {
    id: (r: NodeRecord) => r.id,
    uuid: (r: NodeRecord) => r.uuid,
    name: (r: NodeRecord) => r.name,
    fqdn: (r: NodeRecord) => r.fqdn,
    daemon_token_id: (r: NodeRecord) => r.daemon_token_id,
    memory: (r: NodeRecord) => r.memory,
    disk: (r: NodeRecord) => r.disk,
    cpu: (r: NodeRecord) => r.cpu,
  };
  const render = (request: FastifyRequest, r: NodeRecord, include: string[]) =>
    withIncludes(nodeAttributes(db, r), include, {
      allocations: guardedInclude(request, 'allocation', () =>
        list('allocation', db.allocations.filter((a) => a.node_id === r.id).map(allocationAttributes)),
      ),
      servers: guardedInclude(request, 'server', () =>
        list(
          'server',
          db.servers.filter((s) => s.node_id === r.id).map((s) => serverAttributes(db, s)),
        ),
      ),
    });

  app.get('/nodes', async (request) => {
    requirePermission(request, 'node', 'read');
    const query = readListQuery(request.query);
    return paginate(
      'node',
      filterAndSort(db.nodes, query, fields),
      query,
      (r) => render(request, r, query.include),
      pageUrl(state, request),
    );
  });

  // NodeDeploymentController: GetDeployableNodesRequest's rules; `location_ids` is no rule and so ignored;
  // the answer is one unpaginated list, empty when nothing fits.
  app.get('/nodes/deployable', async (request) => {
    requirePermission(request, 'node', 'read');
    const q = (request.query ?? {}) as Record<string, unknown>;
    const tags = tagsOf(q);
    const input = { ...q, ...(tags.present ? { tags: tags.value } : {}) };
    assertValid(
      validateFields(input, {
        page: 'integer',
        memory: 'required|integer|min:0',
        disk: 'required|integer|min:0',
        cpu: 'sometimes|integer|min:0',
        tags: 'sometimes|array',
      }),
    );
    const include = readListQuery(request.query).include;
    const nodes = viableNodes(
      db,
      Number(q.memory),
      Number(q.disk),
      Number(q.cpu ?? 0),
      Array.isArray(tags.value) ? tags.value.map(String) : [],
    );
    return list(
      'node',
      nodes.map((r) => render(request, r, include)),
    );
  });

  app.get('/nodes/:id', async (request) => {
    const node = found(db.nodes.find((n) => n.id === numericParam(request, 'id')));
    requirePermission(request, 'node', 'read');
    return item('node', render(request, node, readListQuery(request.query).include));
  });

  app.get('/nodes/:id/allocations', async (request) => {
    const id = numericParam(request, 'id');
    found(db.nodes.find((n) => n.id === id));
    requirePermission(request, 'allocation', 'read');
    const query = readListQuery(request.query);
    const rows = filterAndSort(
      db.allocations.filter((a) => a.node_id === id),
      query,
      {
        id: (a) => a.id,
        ip: (a) => a.ip,
        port: (a) => a.port,
        ip_alias: (a) => a.alias,
        server_id: (a) => a.server_id,
      },
    );
    return paginate('allocation', rows, query, allocationAttributes, pageUrl(state, request));
  });
}

/**
 * `GET /eggs` (every egg, one unpaginated list, as EggController::index answers `Egg::all()`) and
 * `GET /eggs/{id}`; includes: variables, servers. Nests are gone: `/nests/*` is the panel's 404.
 */
export async function eggRoutes(app: FastifyInstance, { state }: { state: PelicanState }) {
  const { db } = state;
  const render = (request: FastifyRequest, r: EggRecord, include: string[]) =>
    withIncludes(eggAttributes(r), include, {
      variables: () => list('egg_variable', r.variables.map(eggVariableAttributes)),
      servers: guardedInclude(request, 'server', () =>
        list(
          'server',
          db.servers.filter((s) => s.egg_id === r.id).map((s) => serverAttributes(db, s)),
        ),
      ),
    });

  app.get('/eggs', async (request) => {
    requirePermission(request, 'egg', 'read');
    const include = readListQuery(request.query).include;
    return list(
      'egg',
      db.eggs.map((e) => render(request, e, include)),
    );
  });

  app.get('/eggs/:id', async (request) => {
    const egg = found(db.eggs.find((e) => e.id === numericParam(request, 'id')));
    requirePermission(request, 'egg', 'read');
    return item('egg', render(request, egg, readListQuery(request.query).include));
  });
}
