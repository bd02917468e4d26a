import {
  filterAndSort,
  item,
  list,
  paginate,
  readListQuery,
} from '@falkenhost/pterodactyl-emulator/api/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guardedInclude, requirePermission } from '../api/auth';
import { allocationAttributes, serverAttributes, userAttributes } from '../api/transformers';
import { createServer } from '../server-create';
import { updateServerBuild, updateServerDetails, updateServerStartup } from '../server-update';
import type { ServerRecord } from '../state/records';
import type { PelicanFailableOperation, PelicanState } from '../state/state';
import { found, numericParam, pageUrl, withIncludes } from './helpers';

/**
 * The Application API's servers: `GET /servers`, `GET /servers/{id}`, `GET /servers/external/{id}`,
 * `POST /servers`, `PATCH /servers/{id}/details|build|startup` (includes: allocations, user). Route model binding
 * answers 404 before the key's permission is checked, as in the panel.
 */
export async function serverRoutes(app: FastifyInstance, { state }: { state: PelicanState }) {
  const { db } = state;
  const fields = {
    id: (r: ServerRecord) => r.id,
    uuid: (r: ServerRecord) => r.uuid,
    uuid_short: (r: ServerRecord) => r.uuid.slice(0, 8),
    name: (r: ServerRecord) => r.name,
    description: (r: ServerRecord) => r.description,
    image: (r: ServerRecord) => r.image,
    external_id: (r: ServerRecord) => r.external_id,
  };
  const render = (request: FastifyRequest, r: ServerRecord, include: string[]) =>
    withIncludes(serverAttributes(db, r), include, {
      allocations: guardedInclude(request, 'allocation', () =>
        list('allocation', db.allocations.filter((a) => a.server_id === r.id).map(allocationAttributes)),
      ),
      user: guardedInclude(request, 'user', () =>
        item('user', userAttributes(found(db.users.find((u) => u.id === r.user_id)))),
      ),
    });
  const byId = (request: FastifyRequest) =>
    found(db.servers.find((s) => s.id === numericParam(request, 'id')));

  app.get('/servers', async (request) => {
    requirePermission(request, 'server', 'read');
    const query = readListQuery(request.query);
    return paginate(
      'server',
      filterAndSort(db.servers, query, fields),
      query,
      (r) => render(request, r, query.include),
      pageUrl(state, request),
    );
  });

  app.get('/servers/:id', async (request) => {
    const server = byId(request);
    requirePermission(request, 'server', 'read');
    return item('server', render(request, server, readListQuery(request.query).include));
  });

  app.get('/servers/external/:externalId', async (request) => {
    const { externalId } = request.params as { externalId: string };
    const server = found(db.servers.find((s) => s.external_id === externalId));
    requirePermission(request, 'server', 'read');
    return item('server', render(request, server, readListQuery(request.query).include));
  });

  app.post('/servers', async (request, reply) => {
    requirePermission(request, 'server', 'write');
    const server = createServer(state, request.body);
    return reply.code(201).send(item('server', serverAttributes(db, server)));
  });

  app.patch('/servers/:id/details', async (request) => {
    const server = byId(request);
    requirePermission(request, 'server', 'write');
    updateServerDetails(state, server, request.body);
    return item('server', serverAttributes(db, server));
  });

  app.patch('/servers/:id/build', async (request) => {
    const server = byId(request);
    requirePermission(request, 'server', 'write');
    updateServerBuild(state, server, request.body);
    return item('server', serverAttributes(db, server));
  });

  app.patch('/servers/:id/startup', async (request) => {
    const server = byId(request);
    requirePermission(request, 'server', 'write');
    updateServerStartup(state, server, request.body);
    return item('server', serverAttributes(db, server));
  });
}

/**
 * `POST /servers/{id}/suspend|unsuspend|reinstall` and `DELETE /servers/{id}[/force]`
 * (ServerManagementController, ServerController::delete), each answering 204.
 */
export async function serverManagementRoutes(app: FastifyInstance, { state }: { state: PelicanState }) {
  const byId = (request: FastifyRequest) =>
    found(state.db.servers.find((s) => s.id === numericParam(request, 'id')));
  /** A management action answering 204 (ServerManagementController), failable with `failNext`. */
  const action =
    (operation: PelicanFailableOperation, run: (server: ServerRecord) => void) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const server = byId(request);
      requirePermission(request, 'server', 'write');
      const failure = state.takeFailure(operation);
      if (failure) throw failure;
      run(server);
      return reply.code(204).send();
    };

  app.post(
    '/servers/:id/suspend',
    action('suspendServer', (s) => state.suspendServer(s)),
  );
  app.post(
    '/servers/:id/unsuspend',
    action('unsuspendServer', (s) => state.unsuspendServer(s)),
  );
  app.post(
    '/servers/:id/reinstall',
    action('reinstallServer', (s) => state.reinstallServer(s)),
  );
  // ServerController::delete: `/{force?}` is any word, only `force` forces; ServerDeletionService with
  // force ignores Wings' failure (a queued `deleteServer` failure), without it the failure is the answer.
  app.delete(
    '/servers/:id',
    action('deleteServer', (s) => state.removeServer(s)),
  );
  app.delete('/servers/:id/:force', async (request, reply) => {
    const server = byId(request);
    requirePermission(request, 'server', 'write');
    const failure = state.takeFailure('deleteServer');
    if (failure && (request.params as { force: string }).force !== 'force') throw failure;
    state.removeServer(server);
    return reply.code(204).send();
  });
}
