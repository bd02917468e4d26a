import { panelErrorHandler, parseJsonBody } from '@falkenhost/pterodactyl-emulator/api/error-handler';
import { notFound, panelError } from '@falkenhost/pterodactyl-emulator/api/errors';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { applicationAuth, clientAuth } from './api/auth';
import { eggRoutes, nodeRoutes } from './routes/catalogue';
import { clientRoutes } from './routes/client';
import { serverManagementRoutes, serverRoutes } from './routes/servers';
import { userRoutes } from './routes/users';
import type { PelicanState } from './state/state';
import { pelicanWingsRoutes } from './wings/socket';

/** Options of the emulator plugin (the Pterodactyl emulator's shape). */
export interface PelicanEmulatorOptions {
  /** the panel's data and controls, from `createPelicanState` */
  state: PelicanState;
  /** path of the Wings websocket under the prefix (default `/wings`); must match `wingsSocketBase` */
  wingsPath?: string;
}

/**
 * The Pelican panel + Wings emulator as an encapsulated Fastify plugin. Register it with a prefix:
 * `app.register(pelicanEmulator, { prefix: '/_emulators/pelican', state })`. Serves `/api/application/*`,
 * `/api/client/*` and `${wingsPath}/api/servers/:uuid/ws`; unknown paths (`/locations`, `/nests`) answer the
 * panel's JSON 404. Registers `@fastify/websocket` in its own context unless the host already did. Closing
 * the app calls `state.close()`.
 */
const pelicanEmulator: FastifyPluginAsync<PelicanEmulatorOptions> = async (app, options) => {
  const { state, wingsPath = '/wings' } = options;
  if (!app.hasDecorator('websocketServer')) await app.register(websocket);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parseJsonBody(request, String(body), done),
  );
  app.setErrorHandler(panelErrorHandler);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ errors: notFound().errors }));
  app.addHook('onClose', async () => state.close());
  // No answer leaves before the changes made so far are kept (`onChange`): a crash after an answer loses
  // nothing it reported. A failed write answers 500, as a failed database commit would.
  app.addHook('onSend', async (request, reply, payload) => {
    try {
      await state.durable();
      return payload;
    } catch (error) {
      request.log.error({ err: error }, 'the panel emulator could not keep its state');
      reply.code(500).header('content-type', 'application/json; charset=utf-8');
      const failure = panelError(
        500,
        'HttpException',
        'An unexpected error was encountered while processing this request, please try again.',
      );
      return JSON.stringify({ errors: failure.errors });
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
      for (const routes of [nodeRoutes, eggRoutes, userRoutes, serverRoutes, serverManagementRoutes])
        await api.register(routes, { state });
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
  await app.register(pelicanWingsRoutes, { prefix: wingsPath, state });
};

export default pelicanEmulator;
