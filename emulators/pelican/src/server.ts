import Fastify, { type FastifyInstance } from 'fastify';
import pelicanEmulator from './plugin';
import { createPelicanState, type PelicanState, type PelicanStateOptions } from './state/state';

/** A running stand-alone emulator. */
export interface RunningPelicanEmulator {
  app: FastifyInstance;
  state: PelicanState;
  /** panel URL, e.g. `http://127.0.0.1:43123/_emulators/pelican`; the client's `baseUrl` */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the emulator on its own Fastify server (tests and `standalone.ts`).
 * @param options state options; `publicUrl` and `wingsSocketBase` are derived from the bound port
 * @param listen host (default 127.0.0.1), port (default 0 = any free port), prefix (default `/_emulators/pelican`)
 */
export async function startPelicanEmulator(
  options: Omit<PelicanStateOptions, 'publicUrl' | 'wingsSocketBase'> = {},
  listen: { host?: string; port?: number; prefix?: string; logger?: boolean } = {},
): Promise<RunningPelicanEmulator> {
  const host = listen.host ?? '127.0.0.1';
  const prefix = listen.prefix ?? '/_emulators/pelican';
  const state = createPelicanState({
    ...options,
    publicUrl: 'http://placeholder',
    wingsSocketBase: 'ws://placeholder',
  });
  const app = Fastify({ logger: listen.logger ?? false });
  await app.register(pelicanEmulator, { prefix, state });
  await app.listen({ host, port: listen.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (listen.port ?? 0);
  const url = `http://${host}:${port}${prefix}`;
  state.setUrls({ publicUrl: url, wingsSocketBase: `ws://${host}:${port}${prefix}/wings` });
  return { app, state, url, close: () => app.close() };
}
