import type { PowerSignal, ProcessEvent } from '@falkenhost/pterodactyl-emulator/process';
import { frame, parseFrame } from '@falkenhost/pterodactyl-emulator/wings/frames';
import {
  errorEventMessage,
  expired,
  hasPermission,
  JWT_ERRORS,
  WINGS_PERMISSIONS,
} from '@falkenhost/pterodactyl-emulator/wings/token';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { PelicanState } from '../state/state';
import { createEventLimiter, tokenBucket } from './limiter';
import { canConnect, type PelicanSocketClaims, parsePelicanSocketToken, pelicanDenylisted } from './token';

/** Sockets a server may have open at once (router/router_server_ws.go). */
export const MAX_SOCKETS_PER_SERVER = 30;
/** Close code of a suspended server's socket. */
export const SUSPENDED_CLOSE_CODE = 4409;

const POWER_PERMISSIONS: Record<PowerSignal, string> = {
  start: WINGS_PERMISSIONS.powerStart,
  stop: WINGS_PERMISSIONS.powerStop,
  restart: WINGS_PERMISSIONS.powerRestart,
  kill: WINGS_PERMISSIONS.powerStop,
};
const UNEXPECTED = 'an unexpected error was encountered while handling this request';
const LOG_COUNT = 150;

interface Connection {
  uuid: string;
  bootMs: number;
  claims: PelicanSocketClaims | null;
  listening: boolean;
  timers: NodeJS.Timeout[];
  unsafeSend(event: string, args?: string[]): void;
  socket: WebSocket;
}

/** Handler.TokenValid: why the connection's token cannot be used now, or null. */
function tokenProblem(state: PelicanState, c: Connection): string | null {
  if (!c.claims) return JWT_ERRORS.notPresent;
  if (expired(c.claims, state.now())) return JWT_ERRORS.expired;
  if (pelicanDenylisted(c.claims, c.bootMs)) return JWT_ERRORS.denylisted;
  if (!canConnect(c.claims)) return JWT_ERRORS.noConnect;
  if (c.claims.server_uuid !== c.uuid) return JWT_ERRORS.uuidMismatch;
  return null;
}

/** Handler.SendJson: the event, or `jwt error` in its place while the token is not valid. */
function send(state: PelicanState, c: Connection, event: string, args?: string[]): void {
  const problem = tokenProblem(state, c);
  if (problem) c.unsafeSend('jwt error', [problem]);
  else c.unsafeSend(event, args);
}

function sendError(c: Connection, message: string, jwtError = false): void {
  const detailed =
    jwtError || (c.claims !== null && hasPermission(c.claims, WINGS_PERMISSIONS.receiveErrors));
  c.unsafeSend(jwtError ? 'jwt error' : 'daemon error', [errorEventMessage(detailed ? message : UNEXPECTED)]);
}

/** registerListenerEvents: `stats` while not offline, and the token expiry check. */
function listen(state: PelicanState, c: Connection): void {
  c.listening = true;
  c.timers.push(
    setInterval(() => {
      if (state.process.state(c.uuid) !== 'offline')
        send(state, c, 'stats', [JSON.stringify(state.process.sample(c.uuid))]);
    }, state.config.statsIntervalMs),
    setInterval(() => {
      if (c.claims?.exp === undefined) return;
      const left = c.claims.exp - Math.floor(state.now() / 1000);
      if (left <= 0) send(state, c, 'token expired');
      else if (left <= 60) send(state, c, 'token expiring');
    }, state.config.tokenCheckIntervalMs),
  );
}

async function authenticate(state: PelicanState, c: Connection, token: string): Promise<void> {
  const server = state.db.servers.find((s) => s.uuid === c.uuid);
  const node = state.db.nodes.find((n) => n.id === server?.node_id);
  if (!server || !node) return;
  const result = await parsePelicanSocketToken(state, node, token, c.bootMs);
  if (!result.ok) return sendError(c, result.message, result.jwtError);
  const first = c.claims === null;
  c.claims = result.claims;
  c.unsafeSend('auth success');
  if (!first) return;
  listen(state, c);
  const current = state.process.state(c.uuid);
  send(state, c, 'status', [current]);
  if (current === 'offline' && server.status !== 'installing')
    send(state, c, 'stats', [JSON.stringify(state.process.sample(c.uuid))]);
}

/** Server.HandlePowerAction's refusals; null when the action goes ahead. */
function powerRefusal(state: PelicanState, uuid: string, signal: string): string | null {
  const server = state.db.servers.find((s) => s.uuid === uuid);
  if (!server || server.status === 'installing') return 'server is currently installing';
  if (!Object.hasOwn(POWER_PERMISSIONS, signal)) return 'attempting to handle unknown power action';
  if (signal === 'start' && state.process.state(uuid) !== 'offline') return 'server is running';
  return null;
}

/** Handler.HandleInbound after the suspension, throttle and token checks. */
function handle(state: PelicanState, c: Connection, event: string, args: string[]): void {
  const { process } = state;
  if (event === 'auth') {
    void authenticate(state, c, args.join(''));
    return;
  }
  const claims = c.claims;
  if (!claims) return;
  if (event === 'send stats') send(state, c, 'stats', [JSON.stringify(process.sample(c.uuid))]);
  else if (event === 'send logs') {
    if (process.state(c.uuid) !== 'running') return;
    for (const line of process.logs(c.uuid).slice(-LOG_COUNT)) send(state, c, 'console output', [line]);
  } else if (event === 'set state') {
    const signal = args.join('');
    const permission = Object.hasOwn(POWER_PERMISSIONS, signal)
      ? POWER_PERMISSIONS[signal as PowerSignal]
      : null;
    if (permission && !hasPermission(claims, permission)) return;
    const refusal = powerRefusal(state, c.uuid, signal);
    if (refusal) sendError(c, refusal);
    else process.signal(c.uuid, signal as PowerSignal);
  } else if (event === 'send command') {
    if (!hasPermission(claims, WINGS_PERMISSIONS.sendCommand)) return;
    const current = process.state(c.uuid);
    if (current === 'offline' || current === 'starting') return;
    process.command(c.uuid, args.join(''));
  }
}

const suspended = (state: PelicanState, uuid: string) =>
  state.db.servers.find((s) => s.uuid === uuid)?.status === 'suspended';

/**
 * One socket as Pelican's Wings serves it (router_server_ws.go, router/websocket/*.go): a suspended
 * server's socket is closed at once with 4409 "server is suspended"; more than 10 frames per 200 ms
 * (burst 10) are dropped with one `throttled` ["global"]; then per event (`createEventLimiter`) with one
 * `throttled` [event]; a frame while the server is suspended ends the connection (no close frame, as
 * Wings cancels it); frames other than `auth` need a valid token (`jwt error` otherwise), and a token
 * without `scope=websocket` or `user_uuid` is refused. Deleting the server ends its sockets likewise.
 */
function serveSocket(
  state: PelicanState,
  socket: WebSocket,
  uuid: string,
  bootMs: number,
  open: Set<WebSocket>,
): void {
  open.add(socket);
  const c: Connection = {
    uuid,
    bootMs,
    claims: null,
    listening: false,
    timers: [],
    socket,
    unsafeSend: (event, args) => {
      if (socket.readyState === socket.OPEN) socket.send(frame(event, args));
    },
  };
  const cleanup = () => {
    for (const t of c.timers) clearInterval(t);
    open.delete(socket);
    unsubscribe();
  };
  const unsubscribe = state.process.subscribe(uuid, (event: ProcessEvent) => {
    if (event.event === 'deleted') return socket.terminate();
    if (!c.listening) return;
    if (event.event === 'status') send(state, c, 'status', [event.state]);
    else if (event.event === 'stats') send(state, c, 'stats', [JSON.stringify(event.stats)]);
    else send(state, c, 'console output', [event.line]);
  });
  socket.on('close', cleanup);
  if (suspended(state, uuid)) {
    socket.close(SUSPENDED_CLOSE_CODE, 'server is suspended');
    return;
  }
  const global = tokenBucket(200, 10);
  let globalThrottled = false;
  const eventThrottled = createEventLimiter((event) => c.unsafeSend('throttled', [event]));
  socket.on('message', (data, isBinary) => {
    if (!global.allow()) {
      if (!globalThrottled) c.unsafeSend('throttled', ['global']);
      globalThrottled = true;
      return;
    }
    globalThrottled = false;
    const message = isBinary ? null : parseFrame(data);
    if (!message) return;
    if (suspended(state, uuid)) return socket.terminate();
    if (eventThrottled(message.event)) return;
    const problem = message.event === 'auth' ? null : tokenProblem(state, c);
    if (problem) return c.unsafeSend('jwt error', [problem]);
    handle(state, c, message.event, message.args ?? []);
  });
}

/** Origins allowed to open a socket: the panel URL's origin and `allowedOrigins`. */
function originAllowed(state: PelicanState, origin: string | undefined): boolean {
  if (!origin) return false;
  const allowed = [new URL(state.config.publicUrl).origin, ...state.config.allowedOrigins].map((o) =>
    o.replace(/\/$/, ''),
  );
  return allowed.includes(origin.replace(/\/$/, ''));
}

/**
 * Registers `GET /api/servers/:uuid/ws` (under the plugin's Wings path): 403 for a missing or foreign
 * Origin, 404 for an unknown server, 400 `{"error":"Too many open websocket connections."}` when the server
 * already has 30 sockets. Tokens issued before this registration (Wings' boot) are refused as denylisted.
 */
export async function pelicanWingsRoutes(app: FastifyInstance, { state }: { state: PelicanState }) {
  const bootMs = state.now();
  const sockets = new Map<string, Set<WebSocket>>();
  const openOf = (uuid: string) => {
    let set = sockets.get(uuid);
    if (!set) {
      set = new Set();
      sockets.set(uuid, set);
    }
    return set;
  };
  const check = async (request: FastifyRequest<{ Params: { uuid: string } }>, reply: FastifyReply) => {
    if (!originAllowed(state, request.headers.origin))
      return reply
        .code(403)
        .send({ error: 'Forbidden', message: 'The origin of this request is not allowed.' });
    if (!state.db.servers.some((s) => s.uuid === request.params.uuid))
      return reply.code(404).send({ error: 'The requested resource does not exist on this instance.' });
    if (openOf(request.params.uuid).size >= MAX_SOCKETS_PER_SERVER)
      return reply.code(400).send({ error: 'Too many open websocket connections.' });
  };
  app.get<{ Params: { uuid: string } }>(
    '/api/servers/:uuid/ws',
    { websocket: true, preValidation: check },
    (socket, request) => serveSocket(state, socket, request.params.uuid, bootMs, openOf(request.params.uuid)),
  );
}
