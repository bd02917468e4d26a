import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { applicationAuth, clientAuth } from './api/auth';
import { panelErrorHandler, parseJsonBody } from './api/error-handler';
import { notFound, panelError } from './api/errors';
import { clientRoutes } from './routes/client';
import { locationRoutes } from './routes/locations';
import { nestRoutes } from './routes/nests';
import { nodeRoutes } from './routes/nodes';
import { serverManagementRoutes } from './routes/server-management';
import { serverRoutes } from './routes/servers';
import { userRoutes } from './routes/users';
import type { EmulatorState } from './state/state';
import { wingsRoutes } from './wings/socket';

/** Options of the emulator plugin. */
export interface PterodactylEmulatorOptions {
  /** the panel's data and controls, from `createEmulatorState` */
  state: EmulatorState;
  /** path of the Wings websocket under the prefix (default `/wings`); must match `wingsSocketBase` */
  wingsPath?: string;
}

/**
 * The Pterodactyl panel + Wings emulator as an encapsulated Fastify plugin. Register it with a prefix:
 * `app.register(pterodactylEmulator, { prefix: '/_emulators/pterodactyl', state })`. Serves
 * `/api/application/*` (application key), `/api/client/*` (client key) and
 * `${wingsPath}/api/servers/:uuid/ws`; unknown paths answer the panel's JSON 404. Registers
 * `@fastify/websocket` in its own context unless the host already did. Closing the app calls
 * `state.close()`.
 */
const pterodactylEmulator: FastifyPluginAsync<PterodactylEmulatorOptions> = async (app, options) => {
  const { state, wingsPath = '/wings' } = options;
  if (!app.hasDecorator('websocketServer')) await app.register(websocket);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parseJsonBody(request, String(body), done),
  );
  app.setErrorHandler(panelErrorHandler);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ errors: notFound().errors }));
  app.addHook('onClose', async () => state.close());
  // No answer leaves before the changes made so far are kept (`onChange`'s promise): a crash after an
  // answer loses nothing it reported. A failed write answers 500, as a failed database commit would.
  app.addHook('onSend', async (request, reply, payload) => {
    try {
      await state.durable();
      return payload;
    } catch (error) {
      request.log.error({ err: error }, 'the panel emulator could not keep its state');
      reply.code(500).header('content-type', 'application/json; charset=utf-8');
      const e = panelError(
        500,
        'HttpException',
        'An unexpected error was encountered while processing this request, please try again.',
      );
      return JSON.stringify({ errors: e.errors });
    }
  });
  // Held once the panel has the whole request (body parsed), as a panel busy with it would be.
  app.addHook('preHandler', async (request) => {
    const held = state.heldFor(request.method, request.url);
    if (held) await held;
  });

  await app.register(
    async (api: FastifyInstance) => {
      api.addHook('onRequest', applicationAuth(state));
      for (const routes of [
        locationRoutes,
        nodeRoutes,
        nestRoutes,
        userRoutes,
        serverRoutes,
        serverManagementRoutes,
      ]) {
        await api.register(routes, { state });
      }
    },
    { prefix: '/api/application' },
  );
  await app.register(
    async (api: FastifyInstance) => {
      api.addHook('onRequest', clientAuth(state));
      await api.register(clientRoutes, { state });
    },
    { prefix: '/api/client' },
  );
  await app.register(wingsRoutes, { prefix: wingsPath, state });
};

export default pterodactylEmulator;
