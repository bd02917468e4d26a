import type { FastifyInstance } from 'fastify';
import { filterAndSort, item, list, paginate, readListQuery } from '../api/envelope';
import { locationAttributes, nodeAttributes, serverAttributes } from '../api/transformers';
import type { LocationRecord } from '../state/records';
import type { EmulatorState } from '../state/state';
import { found, numericParam, pageUrl, withIncludes } from './helpers';

/** `GET /locations`, `GET /locations/{id}` (includes: nodes, servers). */
export async function locationRoutes(app: FastifyInstance, { state }: { state: EmulatorState }) {
  const { db } = state;
  const render = (r: LocationRecord, include: string[]) =>
    withIncludes(locationAttributes(r), include, {
      nodes: () =>
        list(
          'node',
          db.nodes.filter((n) => n.location_id === r.id).map((n) => nodeAttributes(db, n)),
        ),
      servers: () =>
        list(
          'server',
          db.servers
            .filter((s) => db.nodes.find((n) => n.id === s.node_id)?.location_id === r.id)
            .map((s) => serverAttributes(db, s)),
        ),
    });

  app.get('/locations', async (request) => {
    const query = readListQuery(request.query);
    const rows = filterAndSort(db.locations, query, {
      id: (r) => r.id,
      short: (r) => r.short,
      long: (r) => r.long,
    });
    return paginate('location', rows, query, (r) => render(r, query.include), pageUrl(state, request));
  });

  app.get('/locations/:id', async (request) => {
    const id = numericParam(request, 'id');
    return item(
      'location',
      render(found(db.locations.find((l) => l.id === id)), readListQuery(request.query).include),
    );
  });
}
