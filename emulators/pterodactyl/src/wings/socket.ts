import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { PowerSignal, ProcessEvent } from '../process';
import type { EmulatorState } from '../state';
import { frame, parseFrame } from './frames';
import { verifyWebsocketToken, type WebsocketClaims } from './token';

const SIGNALS = new Set(['start', 'stop', 'restart', 'kill']);

/** Origins allowed to open a socket: the panel URL's origin and `allowedOrigins`. */
function originAllowed(state: EmulatorState, origin: string | undefined): boolean {
  if (!origin) return false;
  const allowed = [new URL(state.config.publicUrl).origin, ...state.config.allowedOrigins].map((o) =>
    o.replace(/\/$/, ''),
  );
  return allowed.includes(origin.replace(/\/$/, ''));
}

/**
 * Serves one Wings socket: `auth` with the panel's JWT, then `status`, `stats` (every statsIntervalMs
 * while the process is not offline), `console output`; token expiry checks every tokenCheckIntervalMs;
 * close 1001 "server deleted" when the server goes away.
 */
function serveSocket(state: EmulatorState, socket: WebSocket, uuid: string): void {
  const { config, process } = state;
  let claims: WebsocketClaims | null = null;
  let authenticated = false;
  const send = (event: string, args?: string[]) => {
    if (socket.readyState === socket.OPEN) socket.send(frame(event, args));
  };
  const secondsLeft = () => (claims ? claims.exp - state.now() / 1000 : 0);
  const active = () => claims !== null && secondsLeft() > 0;
  const sendStats = () => send('stats', [JSON.stringify(process.sample(uuid))]);

  const unsubscribe = process.subscribe(uuid, (event: ProcessEvent) => {
    if (event.event === 'deleted') {
      socket.close(1001, 'server deleted');
      return;
    }
    if (!active()) return;
    if (event.event === 'status') send('status', [event.state]);
    else if (event.event === 'stats') send('stats', [JSON.stringify(event.stats)]);
    else send('console output', [event.line]);
  });
  const statsTimer = setInterval(() => {
    if (active() && process.state(uuid) !== 'offline') sendStats();
  }, config.statsIntervalMs);
  const tokenTimer = setInterval(() => {
    if (!claims) return;
    const left = secondsLeft();
    if (left <= 0) send('token expired');
    else if (left <= 60) send('token expiring');
  }, config.tokenCheckIntervalMs);

  async function authenticate(token: string): Promise<void> {
    const server = state.db.servers.find((s) => s.uuid === uuid);
    const node = state.db.nodes.find((n) => n.id === server?.node_id);
    if (!server || !node) return;
    const result = await verifyWebsocketToken(state, node, server, token);
    if (!result.ok) {
      send(result.event, [result.message]);
      return;
    }
    claims = result.claims;
    send('auth success');
    if (authenticated) return;
    authenticated = true;
    const current = process.state(uuid);
    send('status', [current]);
    if (current === 'offline') sendStats();
  }

  function handle(event: string, args: string[]): void {
    if (!claims) {
      send('jwt error', ['jwt: no jwt present']);
      return;
    }
    if (!active()) {
      send('jwt error', ['jwt: exp claim is invalid']);
      return;
    }
    const server = state.db.servers.find((s) => s.uuid === uuid);
    if (event === 'send stats') sendStats();
    else if (event === 'send logs') {
      if (process.state(uuid) === 'running')
        for (const line of process.logs(uuid)) send('console output', [line]);
    } else if (event === 'set state') {
      const signal = args[0] ?? '';
      if (server?.status === 'suspended') send('daemon error', ['server is suspended']);
      else if (SIGNALS.has(signal)) process.signal(uuid, signal as PowerSignal);
    }
  }

  socket.on('message', (data) => {
    const message = parseFrame(data);
    if (!message) return;
    const args = message.args ?? [];
    if (message.event === 'auth') void authenticate(args.join(''));
    else handle(message.event, args);
  });
  socket.on('close', () => {
    clearInterval(statsTimer);
    clearInterval(tokenTimer);
    unsubscribe();
  });
}

/**
 * Registers `GET /api/servers/:uuid/ws` (under the plugin's Wings path). The upgrade is refused with 403
 * when the Origin is missing or not allowed, and 404 for an unknown server.
 */
export async function wingsRoutes(app: FastifyInstance, { state }: { state: EmulatorState }) {
  const check = async (request: FastifyRequest<{ Params: { uuid: string } }>, reply: FastifyReply) => {
    if (!originAllowed(state, request.headers.origin)) {
      return reply
        .code(403)
        .send({ error: 'Forbidden', message: 'The origin of this request is not allowed.' });
    }
    if (!state.db.servers.some((s) => s.uuid === request.params.uuid)) {
      return reply.code(404).send({ error: 'The requested resource does not exist on this instance.' });
    }
  };
  app.get<{ Params: { uuid: string } }>(
    '/api/servers/:uuid/ws',
    { websocket: true, preValidation: check },
    (socket, request) => serveSocket(state, socket, request.params.uuid),
  );
}
