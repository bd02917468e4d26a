/** The relay's upstream: one Wings socket per watched server (decisions/122-live-stats-relay.md). */
import { isNotFound } from '@falkenhost/pterodactyl/errors';
import type { ProcessState } from '@falkenhost/pterodactyl/types';
import WebSocket from 'ws';
import type { AppContext } from '../platform/context';
import {
  type PanelServer,
  type SocketCredential,
  type SocketCredentials,
  tokenExpiresAt,
} from './socket-credentials';

export type { PanelServer } from './socket-credentials';

export interface Listener {
  send(event: string, args?: string[]): void;
}

export interface UpstreamHost<W extends Listener> {
  readonly ctx: AppContext;
  /** backoff of reconnects and renewals, in milliseconds */
  readonly timing: { retryBaseMs: number; retryMaxMs: number };
  readonly panelOrigin: string;
  /** the instance's one credential per server, shared with `/websocket-token` */
  readonly credentials: SocketCredentials;
  ended(upstream: Upstream<W>, reason: string): void;
  broadcast(upstream: Upstream<W>, event: string, args: string[]): void;
}

const STATES = new Set<string>(['offline', 'starting', 'running', 'stopping']);
const HEARTBEAT_MS = 30_000;
/** `send stats` from browsers reaches Wings at most this often per server; others get the last stats. */
const STATS_REQUEST_MS = 1_000;
/** Largest frame accepted from Wings (console output is dropped but must be read). */
/** Pelican's Wings takes one `auth` per 5 s (burst 2) and drops the rest with `throttled` (limiter.go). */
const AUTH_THROTTLE_MS = 5_000;
/** `jwt error` reasons that mean "no valid token yet", not "this token is refused" (Wings' tokens.go). */
const OUT_OF_DATE_REASONS = new Set(['jwt: exp claim is invalid', 'jwt: no jwt present']);
const UPSTREAM_MAX_PAYLOAD = 4 * 1024 * 1024;

/** One frame of the Wings socket protocol (JSON `{ event, args }`), the same on our socket. */
export const frame = (event: string, args?: string[]) => JSON.stringify(args ? { event, args } : { event });

/** Only the spec's stats fields, as numbers: nothing else Wings puts in a frame reaches a browser. */
function sanitizeStats(raw: string | undefined): string | null {
  try {
    const s = JSON.parse(raw ?? '') as Record<string, unknown>;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
    const network = (s.network ?? {}) as Record<string, unknown>;
    const state = typeof s.state === 'string' && STATES.has(s.state) ? s.state : 'offline';
    return JSON.stringify({
      memory_bytes: num(s.memory_bytes),
      memory_limit_bytes: num(s.memory_limit_bytes),
      cpu_absolute: num(s.cpu_absolute),
      network: { rx_bytes: num(network.rx_bytes), tx_bytes: num(network.tx_bytes) },
      uptime: num(s.uptime),
      state,
      disk_bytes: num(s.disk_bytes),
    });
  } catch {
    return null;
  }
}

export class Upstream<W extends Listener> {
  readonly watchers = new Set<W>();
  status: ProcessState | null = null;
  stats: string | null = null;
  private socket: WebSocket | null = null;
  private authenticated = false;
  private closed = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private authTimer: NodeJS.Timeout | undefined;
  /** the panel token last sent as `auth`, which Wings' expiry notices are about */
  private token: string | null = null;
  /** Wings refused `token` before `auth success`: a reopen asks for another */
  private refused = false;
  private renewing = false;
  private renewNotBefore = 0;
  private lastStatsRequest = 0;
  private alive = true;
  private lastPing = Date.now();

  constructor(
    private readonly relay: UpstreamHost<W>,
    readonly server: PanelServer,
  ) {}

  private get ctx() {
    return this.relay.ctx;
  }

  private retryDelay(): number {
    const { retryBaseMs, retryMaxMs } = this.relay.timing;
    return Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(this.failures, 16));
  }

  async open(): Promise<void> {
    if (this.closed) return;
    let credential: SocketCredential;
    try {
      // A reopen after a dropped socket keeps the shared token; one Wings refused is not handed back.
      credential = await (this.refused && this.token
        ? this.relay.credentials.renew(this.server, this.token)
        : this.relay.credentials.get(this.server));
      this.refused = false;
    } catch (error) {
      if (isNotFound(error)) {
        this.relay.ended(this, 'server deleted');
        return;
      }
      this.ctx.log.warn({ err: error, server: this.server.uuid }, 'no websocket credential from the panel');
      this.retry();
      return;
    }
    if (this.closed) return;
    const socket = new WebSocket(credential.socket, {
      // Wings accepts the panel's own origin (its `remote`) besides `allowed_origins`.
      origin: this.relay.panelOrigin,
      maxPayload: UPSTREAM_MAX_PAYLOAD,
      handshakeTimeout: 10_000,
    });
    this.socket = socket;
    socket.on('open', () => {
      this.alive = true;
      this.token = credential.token;
      socket.send(frame('auth', [credential.token]));
    });
    socket.on('message', (data) => {
      this.alive = true;
      this.onFrame(String(data));
    });
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('error', (error) =>
      this.ctx.log.debug({ err: error, server: this.server.uuid }, 'wings socket error'),
    );
    // Wings answers 404 for a server it no longer has (Pelican's Wings drops the socket of a deleted
    // server without a close frame): the next open asks the panel afresh, whose 404 ends the watchers.
    socket.on('unexpected-response', (_request, response) => {
      if (response.statusCode === 404) this.refused = true;
      response.resume();
      socket.terminate();
    });
    socket.on('close', (code, reason) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authenticated = false;
      if (this.closed) return;
      if (code === 1001 && String(reason) === 'server deleted') this.relay.ended(this, 'server deleted');
      else this.retry();
    });
  }

  private retry(): void {
    if (this.closed) return;
    const delay = this.retryDelay();
    this.failures += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.open(), delay);
  }

  private onFrame(data: string): void {
    let message: { event?: unknown; args?: unknown };
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    const args = Array.isArray(message.args) ? message.args : [];
    switch (message.event) {
      case 'auth success':
        this.authenticated = true;
        this.failures = 0;
        return;
      case 'status': {
        const state = args[0];
        if (typeof state !== 'string' || !STATES.has(state)) return;
        this.status = state as ProcessState;
        this.relay.broadcast(this, 'status', [state]);
        return;
      }
      case 'stats': {
        const stats = sanitizeStats(typeof args[0] === 'string' ? args[0] : undefined);
        if (!stats) return;
        this.stats = stats;
        this.relay.broadcast(this, 'stats', [stats]);
        return;
      }
      // Real Wings answers an expired token with `jwt error` in place of every event (Handler.SendJson).
      case 'token expiring':
        void this.renew(false);
        return;
      case 'token expired':
      case 'jwt error':
        // Wings may not have taken our newest token yet (in flight, or dropped as `throttled`): it goes
        // again, rather than another from the panel, unless it is out of date itself or refused outright.
        if (this.tokenStillGood(message.event, args[0])) this.authAgainLater();
        else void this.renew(true);
        return;
      case 'daemon error':
        // Before `auth success` it is the token Wings could not read (its signature): start again later.
        if (!this.authenticated) {
          this.refused = true;
          this.socket?.close(4000, 'authentication refused');
        }
        return;
      default:
        // console output, install output, backups...: never passed down
        return;
    }
  }

  /**
   * A fresh panel token sent as `auth` on the same socket; at most one at a time, backing off on failure.
   * Taken from the shared cache, which renews it a minute before expiry; `refused`: Wings no longer takes
   * the token in use, so that one is not handed back.
   */
  private async renew(refused: boolean): Promise<void> {
    const now = Date.now();
    if (this.renewing || now < this.renewNotBefore || !this.socket) return;
    this.renewing = true;
    this.renewNotBefore = now + this.retryDelay();
    try {
      const { credentials } = this.relay;
      const credential = await (refused && this.token
        ? credentials.renew(this.server, this.token)
        : credentials.get(this.server));
      if (credential.token !== this.token && this.socket?.readyState === WebSocket.OPEN) {
        this.token = credential.token;
        this.socket.send(frame('auth', [credential.token]));
      }
      this.failures += 1;
    } catch (error) {
      this.failures += 1;
      if (isNotFound(error)) this.relay.ended(this, 'server deleted');
      else this.ctx.log.warn({ err: error, server: this.server.uuid }, 'renewing the wings token failed');
    } finally {
      this.renewing = false;
    }
  }

  /** Whether Wings' complaint can be about an older token than ours, which is not expired itself. */
  private tokenStillGood(event: unknown, reason: unknown): boolean {
    if (event === 'jwt error' && !OUT_OF_DATE_REASONS.has(String(reason))) return false;
    const expiresAt = this.token ? tokenExpiresAt(this.token) : null;
    return expiresAt !== null && expiresAt > this.ctx.now();
  }

  /** Sends the token in use as `auth` once Wings' auth limit allows another (one at a time). */
  private authAgainLater(): void {
    if (this.authTimer) return;
    this.authTimer = setTimeout(() => {
      this.authTimer = undefined;
      if (this.token && this.socket?.readyState === WebSocket.OPEN)
        this.socket.send(frame('auth', [this.token]));
    }, AUTH_THROTTLE_MS);
  }

  /** Every token check: a socket silent since the last ping is ended, which reconnects it. */
  heartbeat(): void {
    const socket = this.socket;
    const now = Date.now();
    if (!socket || socket.readyState !== WebSocket.OPEN || now - this.lastPing < HEARTBEAT_MS) return;
    this.lastPing = now;
    if (!this.alive) {
      socket.terminate();
      return;
    }
    this.alive = false;
    socket.ping();
  }

  requestStats(watcher: W): void {
    const now = Date.now();
    if (this.authenticated && this.socket && now - this.lastStatsRequest >= STATS_REQUEST_MS) {
      this.lastStatsRequest = now;
      this.socket.send(frame('send stats'));
    } else if (this.stats) watcher.send('stats', [this.stats]);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.authTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else socket?.close(1000);
  }

  get live(): boolean {
    return this.authenticated;
  }
}
