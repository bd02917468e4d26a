import type { FastifyInstance } from 'fastify';
import { filterAndSort, item, list, paginate, readListQuery } from '../api/envelope';
import { assertValid } from '../api/errors';
import {
  allocationAttributes,
  locationAttributes,
  nodeAttributes,
  serverAttributes,
} from '../api/transformers';
import { viableNodes } from '../deploy';
import { validateFields } from '../rules';
import type { NodeRecord } from '../state/records';
import type { EmulatorState } from '../state/state';
import { found, numericParam, pageUrl, withIncludes } from './helpers';

/**
 * `location_ids[]` of a deployable-nodes query, each an integer as GetDeployableNodesRequest demands
 * (`location_ids.*: integer`); `1,2` in one value is one malformed id, as in Laravel.
 * @throws PanelError 422 naming `location_ids.<index>`
 */
function locationIds(value: unknown): number[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  assertValid(
    values.flatMap((v, i) =>
      /^[+-]?\d+$/.test(String(v))
        ? []
        : [
            {
              field: `location_ids.${i}`,
              rule: 'integer',
              detail: `The location ids.${i} must be an integer.`,
            },
          ],
    ),
  );
  return values.map(Number);
}

/**
 * `GET /nodes`, `GET /nodes/deployable`, `GET /nodes/{id}`, `GET /nodes/{id}/allocations`
 * (node includes: allocations, location, servers).
 */
export async function nodeRoutes(app: FastifyInstance, { state }: { state: EmulatorState }) {
  const { db } = state;
  const fields = {
    id: (r: NodeRecord) => r.id,
    uuid: (r: NodeRecord) => r.uuid,
    name: (r: NodeRecord) => r.name,
    fqdn: (r: NodeRecord) => r.fqdn,
    daemon_token_id: (r: NodeRecord) => r.daemon_token_id,
  };
  const render = (r: NodeRecord, include: string[]) =>
    withIncludes(nodeAttributes(db, r), include, {
      allocations: () =>
        list('allocation', db.allocations.filter((a) => a.node_id === r.id).map(allocationAttributes)),
      location: () =>
        item('location', locationAttributes(found(db.locations.find((l) => l.id === r.location_id)))),
      servers: () =>
        list(
          'server',
          db.servers.filter((s) => s.node_id === r.id).map((s) => serverAttributes(db, s)),
        ),
    });

  app.get('/nodes', async (request) => {
    const query = readListQuery(request.query);
    return paginate(
      'node',
      filterAndSort(db.nodes, query, fields),
      query,
      (r) => render(r, query.include),
      pageUrl(state, request),
    );
  });

  app.get('/nodes/deployable', async (request) => {
    const q = request.query as Record<string, unknown>;
    assertValid(validateFields(q, { memory: 'required|integer|min:0', disk: 'required|integer|min:0' }));
    const query = readListQuery(request.query);
    const memory = Number(q.memory ?? 0);
    const disk = Number(q.disk ?? 0);
    const nodes = viableNodes(db, locationIds(q['location_ids[]'] ?? q.location_ids), memory, disk);
    // FindViableNodesService paginates only when a page is asked for.
    if (q.page === undefined)
      return list(
        'node',
        nodes.map((r) => render(r, query.include)),
      );
    return paginate('node', nodes, query, (r) => render(r, query.include), pageUrl(state, request));
  });

  app.get('/nodes/:id', async (request) => {
    const id = numericParam(request, 'id');
    return item(
      'node',
      render(found(db.nodes.find((n) => n.id === id)), readListQuery(request.query).include),
    );
  });

  app.get('/nodes/:id/allocations', async (request) => {
    const id = numericParam(request, 'id');
    found(db.nodes.find((n) => n.id === id));
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
