import type { FastifyInstance } from 'fastify';
import { filterAndSort, item, list, paginate, readListQuery } from '../api/envelope';
import {
  allocationAttributes,
  eggAttributes,
  eggVariableAttributes,
  locationAttributes,
  nestAttributes,
  nodeAttributes,
  serverAttributes,
  userAttributes,
} from '../api/transformers';
import { createServer } from '../server-create';
import type { ServerRecord } from '../state/records';
import type { EmulatorState } from '../state/state';
import { found, numericParam, pageUrl, withIncludes } from './helpers';

/**
 * `GET /servers`, `GET /servers/{id}`, `GET /servers/external/{external_id}`, `POST /servers`
 * (includes: allocations, user, nest, egg, variables, location, node).
 */
export async function serverRoutes(app: FastifyInstance, { state }: { state: EmulatorState }) {
  const { db } = state;
  const render = (r: ServerRecord, include: string[]) =>
    withIncludes(serverAttributes(db, r), include, {
      allocations: () =>
        list('allocation', db.allocations.filter((a) => a.server_id === r.id).map(allocationAttributes)),
      user: () => item('user', userAttributes(found(db.users.find((u) => u.id === r.user_id)))),
      nest: () => item('nest', nestAttributes(found(db.nests.find((n) => n.id === r.nest_id)))),
      egg: () => item('egg', eggAttributes(found(db.eggs.find((e) => e.id === r.egg_id)))),
      variables: () =>
        list(
          'server_variable',
          (db.eggs.find((e) => e.id === r.egg_id)?.variables ?? []).map((v) => ({
            ...eggVariableAttributes(v),
            server_value: r.environment[v.env_variable] ?? null,
          })),
        ),
      node: () => item('node', nodeAttributes(db, found(db.nodes.find((n) => n.id === r.node_id)))),
      location: () => {
        const node = found(db.nodes.find((n) => n.id === r.node_id));
        return item(
          'location',
          locationAttributes(found(db.locations.find((l) => l.id === node.location_id))),
        );
      },
    });

  app.get('/servers', async (request) => {
    const query = readListQuery(request.query);
    const rows = filterAndSort(db.servers, query, {
      id: (r) => r.id,
      uuid: (r) => r.uuid,
      uuidShort: (r) => r.uuid.slice(0, 8),
      name: (r) => r.name,
      description: (r) => r.description,
      image: (r) => r.image,
      external_id: (r) => r.external_id,
    });
    return paginate('server', rows, query, (r) => render(r, query.include), pageUrl(state, request));
  });

  app.get('/servers/:id', async (request) => {
    const id = numericParam(request, 'id');
    return item(
      'server',
      render(found(db.servers.find((s) => s.id === id)), readListQuery(request.query).include),
    );
  });

  app.get<{ Params: { externalId: string } }>('/servers/external/:externalId', async (request) => {
    const server = found(
      db.servers.find((s) => s.external_id !== null && s.external_id === request.params.externalId),
    );
    return item('server', render(server, readListQuery(request.query).include));
  });

  app.post('/servers', async (request, reply) => {
    const server = createServer(state, request.body);
    return reply.code(201).send(item('server', serverAttributes(db, server)));
  });
}
