import type { FastifyInstance } from 'fastify';
import { item } from '../api/envelope';
import { serverAttributes } from '../api/transformers';
import { updateServerBuild, updateServerDetails, updateServerStartup } from '../server-update';
import type { EmulatorState } from '../state/state';
import { found, numericParam } from './helpers';

/**
 * `PATCH /servers/{id}/build`, `PATCH /servers/{id}/details`, `PATCH /servers/{id}/startup`, `POST /servers/{id}/suspend|unsuspend`
 * (204), `DELETE /servers/{id}[/force]` (204).
 */
export async function serverManagementRoutes(app: FastifyInstance, { state }: { state: EmulatorState }) {
  const { db } = state;
  const serverOf = (request: Parameters<typeof numericParam>[0]) => {
    const id = numericParam(request, 'id');
    return found(db.servers.find((s) => s.id === id));
  };

  app.patch('/servers/:id/build', async (request) => {
    const server = serverOf(request);
    updateServerBuild(state, server, request.body);
    return item('server', serverAttributes(db, server));
  });

  app.patch('/servers/:id/details', async (request) => {
    const server = serverOf(request);
    updateServerDetails(state, server, request.body);
    return item('server', serverAttributes(db, server));
  });

  app.patch('/servers/:id/startup', async (request) => {
    const server = serverOf(request);
    updateServerStartup(state, server, request.body);
    return item('server', serverAttributes(db, server));
  });

  app.post('/servers/:id/suspend', async (request, reply) => {
    const server = serverOf(request);
    const failure = state.takeFailure('suspendServer');
    if (failure) throw failure;
    state.suspendServer(server);
    return reply.code(204).send();
  });

  app.post('/servers/:id/unsuspend', async (request, reply) => {
    const server = serverOf(request);
    const failure = state.takeFailure('unsuspendServer');
    if (failure) throw failure;
    state.unsuspendServer(server);
    return reply.code(204).send();
  });

  app.delete('/servers/:id', async (request, reply) => {
    const server = serverOf(request);
    const failure = state.takeFailure('deleteServer');
    if (failure) throw failure;
    state.removeServer(server);
    return reply.code(204).send();
  });

  // Force deletion ignores daemon errors; other queued failures still apply.
  app.delete('/servers/:id/force', async (request, reply) => {
    const server = serverOf(request);
    const failure = state.takeFailure('deleteServer');
    if (failure && failure.errors[0]?.code !== 'DaemonConnectionException') throw failure;
    state.removeServer(server);
    return reply.code(204).send();
  });
}
