import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { PowerSignal, ProcessEvent } from '../process';
import type { EmulatorState } from '../state/state';
import { frame, parseFrame } from './frames';
import {
  denylisted,
  errorEventMessage,
  expired,
  hasPermission,
  JWT_ERRORS,
  parseWebsocketToken,
  type WebsocketClaims,
  WINGS_PERMISSIONS,
} from './token';

/** The permission each power action needs (Handler.HandleInbound, `set state`); `kill` is a stop. */
const POWER_PERMISSIONS: Record<PowerSignal, string> = {
  start: WINGS_PERMISSIONS.powerStart,
  stop: WINGS_PERMISSIONS.powerStop,
  restart: WINGS_PERMISSIONS.powerRestart,
  kill: WINGS_PERMISSIONS.powerStop,
};

/** Wings' generic `daemon error` text for a token without `admin.websocket.errors`. */
const UNEXPECTED = 'an unexpected error was encountered while handling this request';

/** Console lines `send logs` replays (Wings' default `websocket_log_count`). */
const LOG_COUNT = 150;

/** Origins allowed to open a socket: the panel URL's origin and `allowedOrigins`. */
function originAllowed(state: EmulatorState, origin: string | undefined): boolean {
  if (!origin) return false;
  const allowed = [new URL(state.config.publicUrl).origin, ...state.config.allowedOrigins].map((o) =>
    o.replace(/\/$/, ''),
  );
  return allowed.includes(origin.replace(/\/$/, ''));
}

/**
 * Serves one Wings socket as Wings' websocket handler does (router/websocket/websocket.go, listeners.go):
 * - every frame but `auth` first checks the connection's token (none, expired, denylisted, no
 *   `websocket.connect`, another server's uuid) and answers `jwt error` with the reason otherwise;
 * - `auth` answers `auth success`; the first one also starts the server's events (`status`, `stats`
 *   every statsIntervalMs while not offline, `console output`) and the expiry check every
 *   tokenCheckIntervalMs (`token expiring` within 60 s of `exp`, `token expired` after it); a bad token
 *   answers `daemon error` (signature) or `jwt error` (expiry, denylist, connect permission);
 * - each event sent while the token is not valid is replaced by a `jwt error` (Handler.SendJson), so an
 *   expired token gets `jwt error` frames where `token expired` and the stats would have been;
 * - `set state` needs control.start/stop/restart (kill: control.stop), `send command` control.console:
 *   without it Wings answers nothing and does nothing;
 * - errors of an action are `daemon error` "Error Event [uuid]: ..." with the reason only for a token with
 *   `admin.websocket.errors` (`*` does not grant `admin.*`).
 * The socket closes with 1001 "server deleted" when the server goes away.
 */
function serveSocket(state: EmulatorState, socket: WebSocket, uuid: string, bootMs: number): void {
  const { config, process } = state;
  let claims: WebsocketClaims | null = null;
  let listening = false;
  let statsTimer: NodeJS.Timeout | undefined;
  let tokenTimer: NodeJS.Timeout | undefined;
  const unsafeSend = (event: string, args?: string[]) => {
    if (socket.readyState === socket.OPEN) socket.send(frame(event, args));
  };

  /** Handler.TokenValid: the reason the connection's token cannot be used now, or null. */
  const tokenProblem = (): string | null => {
    if (!claims) return JWT_ERRORS.notPresent;
    if (expired(claims, state.now())) return JWT_ERRORS.expired;
    if (denylisted(claims, bootMs)) return JWT_ERRORS.denylisted;
    if (!hasPermission(claims, WINGS_PERMISSIONS.connect)) return JWT_ERRORS.noConnect;
    if (claims.server_uuid !== uuid) return JWT_ERRORS.uuidMismatch;
    return null;
  };
  /** Handler.SendJson: an event, or `jwt error` in its place when the token is not valid. */
  const send = (event: string, args?: string[]) => {
    const problem = tokenProblem();
    if (problem) unsafeSend('jwt error', [problem]);
    else unsafeSend(event, args);
  };
  /** Handler.SendErrorJson for an action's error. */
  const sendError = (message: string, jwtError = false) => {
    const detailed = jwtError || (claims !== null && hasPermission(claims, WINGS_PERMISSIONS.receiveErrors));
    unsafeSend(jwtError ? 'jwt error' : 'daemon error', [errorEventMessage(detailed ? message : UNEXPECTED)]);
  };
  const sendStats = () => send('stats', [JSON.stringify(process.sample(uuid))]);

  const unsubscribe = process.subscribe(uuid, (event: ProcessEvent) => {
    if (event.event === 'deleted') {
      socket.close(1001, 'server deleted');
      return;
    }
    if (!listening) return;
    if (event.event === 'status') send('status', [event.state]);
    else if (event.event === 'stats') send('stats', [JSON.stringify(event.stats)]);
    else send('console output', [event.line]);
  });

  /** registerListenerEvents: the server's events and the expiry check, once per connection. */
  function listen(): void {
    listening = true;
    statsTimer = setInterval(() => {
      if (process.state(uuid) !== 'offline') sendStats();
    }, config.statsIntervalMs);
    tokenTimer = setInterval(() => {
      if (!claims || claims.exp === undefined) return;
      const left = claims.exp - Math.floor(state.now() / 1000);
      if (left <= 0) send('token expired');
      else if (left <= 60) send('token expiring');
    }, config.tokenCheckIntervalMs);
  }

  async function authenticate(token: string): Promise<void> {
    const server = state.db.servers.find((s) => s.uuid === uuid);
    const node = state.db.nodes.find((n) => n.id === server?.node_id);
    if (!server || !node) return;
    const result = await parseWebsocketToken(state, node, token, bootMs);
    if (!result.ok) {
      sendError(result.message, result.jwtError);
      return;
    }
    const first = claims === null;
    claims = result.claims;
    unsafeSend('auth success');
    // A renewed token gets no second status (panel issue 2077).
    if (!first) return;
    listen();
    const current = process.state(uuid);
    send('status', [current]);
    if (current === 'offline' && server.installed) sendStats();
  }

  /** Server.HandlePowerAction's refusals; null when the action goes ahead. */
  function powerRefusal(signal: string): string | null {
    const server = state.db.servers.find((s) => s.uuid === uuid);
    if (!server?.installed || server.status === 'installing') return 'server is currently installing';
    if (!Object.hasOwn(POWER_PERMISSIONS, signal)) return 'attempting to handle unknown power action';
    if (signal === 'start' && process.state(uuid) !== 'offline') return 'server is running';
    if ((signal === 'start' || signal === 'restart') && server.status === 'suspended')
      return 'server is currently in a suspended state';
    return null;
  }

  function handle(event: string, args: string[]): void {
    const problem = tokenProblem();
    if (problem || !claims) {
      unsafeSend('jwt error', [problem ?? JWT_ERRORS.notPresent]);
      return;
    }
    if (event === 'send stats') sendStats();
    else if (event === 'send logs') {
      if (process.state(uuid) !== 'running') return;
      for (const line of process.logs(uuid).slice(-LOG_COUNT)) send('console output', [line]);
    } else if (event === 'set state') {
      const signal = args.join('');
      const permission = Object.hasOwn(POWER_PERMISSIONS, signal)
        ? POWER_PERMISSIONS[signal as PowerSignal]
        : null;
      if (permission && !hasPermission(claims, permission)) return;
      const refusal = powerRefusal(signal);
      if (refusal) sendError(refusal);
      else process.signal(uuid, signal as PowerSignal);
    } else if (event === 'send command') {
      if (!hasPermission(claims, WINGS_PERMISSIONS.sendCommand)) return;
      // Offline, or starting before the container is attached: Wings drops the command.
      const current = process.state(uuid);
      if (current === 'offline' || current === 'starting') return;
      process.command(uuid, args.join(''));
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
 * when the Origin is missing or not allowed, and 404 for an unknown server. Tokens issued before this
 * registration (Wings' boot) are refused as denylisted.
 */
export async function wingsRoutes(app: FastifyInstance, { state }: { state: EmulatorState }) {
  const bootMs = state.now();
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
    (socket, request) => serveSocket(state, socket, request.params.uuid, bootMs),
  );
}
