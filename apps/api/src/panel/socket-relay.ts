/** The live-stats relay: the browser never holds a Wings token (decisions/122-live-stats-relay.md). */

import WebSocket from 'ws';
import type { AppContext } from '../platform/context';
import { type SocketCredentialOptions, SocketCredentials } from './socket-credentials';
import { verifySocketToken } from './socket-token';
import { frame, type PanelServer, Upstream, type UpstreamHost } from './wings-socket';

/** Timings of the relay; tests shorten them. All in milliseconds. */
export interface SocketRelayOptions {
  /** credential check for `token expiring` / `token expired` */
  tokenCheckIntervalMs?: number;
  /** first backoff delay after a failure, doubled each time */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** a socket not authenticated by then is closed */
  authTimeoutMs?: number;
  /** a socket told `token expired` that has not renewed for this long is closed */
  expiredGraceMs?: number;
  /** the panel credential cache's timings and size */
  credentials?: SocketCredentialOptions;
}

const EXPIRING_SECONDS = 60;
/** Tabs times servers: a card opens one. */
const MAX_SOCKETS_PER_USER = 50;

class Watcher {
  /** our credential's expiry (seconds since the epoch); null before the first `auth` */
  exp: number | null = null;
  /** when (wall clock) the check first found the credential expired; null while it is valid */
  expiredAt: number | null = null;
  upstream: Upstream<Watcher> | null = null;
  readonly openedAt: number;

  constructor(
    readonly socket: WebSocket,
    readonly userId: number,
    readonly serverId: number,
    now: number,
  ) {
    this.openedAt = now;
  }

  send(event: string, args?: string[]): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(frame(event, args));
  }

  tokenProblem(nowMs: number): string | null {
    if (this.exp === null) return 'jwt: no jwt present';
    return nowMs >= this.exp * 1000 ? 'jwt: exp claim is invalid' : null;
  }
}

/** One per instance: upstream sockets are this instance's own; another instance relays its own watchers. */
/** A paid server's panel ids, or null when `userId` does not own `serverId` or it is not paid. */
export type WatchedServer = (
  ctx: AppContext,
  serverId: number,
  userId: number,
) => Promise<{ uuid: string; identifier: string } | null>;

export class SocketRelay implements UpstreamHost<Watcher> {
  readonly timing: Required<Omit<SocketRelayOptions, 'credentials'>>;
  /** the panel credential of each server, shared by `/websocket-token` and the Wings sockets */
  readonly credentials: SocketCredentials;
  readonly panelOrigin: string;
  private readonly upstreams = new Map<string, Upstream<Watcher>>();
  private readonly watchers = new Set<Watcher>();
  private readonly perUser = new Map<number, number>();
  private checkTimer: NodeJS.Timeout | undefined;

  /** `watched` comes from servers, which owns the server rows (the relay is below it). */
  constructor(
    readonly ctx: AppContext,
    private readonly watched: WatchedServer,
    options: SocketRelayOptions = {},
  ) {
    this.timing = {
      tokenCheckIntervalMs: options.tokenCheckIntervalMs ?? 30_000,
      retryBaseMs: options.retryBaseMs ?? 1_000,
      retryMaxMs: options.retryMaxMs ?? 30_000,
      authTimeoutMs: options.authTimeoutMs ?? 30_000,
      expiredGraceMs: options.expiredGraceMs ?? 300_000,
    };
    this.panelOrigin = new URL(ctx.config.panel.panelUrl).origin;
    this.credentials = new SocketCredentials(ctx, options.credentials);
  }

  /** Our socket's URL for a server (ws/wss from PUBLIC_URL): the `socket` of `/websocket-token`. */
  socketUrl(serverId: number): string {
    return `${this.ctx.config.publicUrl.replace(/^http/, 'ws')}/api/private/servers/socket?id=${serverId}`;
  }

  isLive(uuid: string): boolean {
    return this.upstreams.get(uuid)?.live ?? false;
  }

  /**
   * Serves one browser socket for `serverId` (user_packages.id) of `userId`: `auth` with our credential,
   * then `status` and `stats`; `send stats`; every other frame is dropped.
   */
  serve(socket: WebSocket, userId: number, serverId: number): void {
    const open = this.perUser.get(userId) ?? 0;
    if (open >= MAX_SOCKETS_PER_USER) {
      socket.close(1008, 'too many sockets');
      return;
    }
    this.perUser.set(userId, open + 1);
    const watcher = new Watcher(socket, userId, serverId, Date.now());
    this.watchers.add(watcher);
    this.startChecks();
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message: { event?: unknown; args?: unknown };
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      if (message.event === 'auth') {
        const args = Array.isArray(message.args) ? message.args : [];
        void this.authenticate(watcher, args.map(String).join('')).catch((error) => {
          this.ctx.log.error({ err: error }, 'socket authentication failed');
          watcher.send('jwt error', ['jwt: invalid token']);
        });
        return;
      }
      const problem = watcher.tokenProblem(this.ctx.now());
      if (problem) {
        watcher.send('jwt error', [problem]);
        return;
      }
      if (message.event === 'send stats') watcher.upstream?.requestStats(watcher);
      // `set state`, `send command`, `send logs` and anything else: never forwarded.
    });
    socket.on('close', () => this.leave(watcher));
  }

  private async authenticate(watcher: Watcher, token: string): Promise<void> {
    const { ctx } = this;
    const claims = await verifySocketToken(ctx.config.accessTokenSecret, token, ctx.now());
    if ('error' in claims) {
      watcher.send('jwt error', [claims.error]);
      return;
    }
    if (claims.userId !== watcher.userId || claims.serverId !== watcher.serverId) {
      watcher.send('jwt error', ['jwt: server mismatch']);
      return;
    }
    // Checked again at every `auth`: a server cancelled or no longer paid is not watched any more.
    const server = await this.watched(this.ctx, claims.serverId, claims.userId);
    if (!server) {
      watcher.send('jwt error', ['jwt: server mismatch']);
      return;
    }
    if (watcher.socket.readyState !== WebSocket.OPEN) return;
    const first = watcher.exp === null;
    watcher.exp = claims.exp;
    watcher.send('auth success');
    if (!first) return;
    const upstream = this.attach(watcher, server);
    if (upstream.status) watcher.send('status', [upstream.status]);
    if (upstream.stats) watcher.send('stats', [upstream.stats]);
  }

  private attach(watcher: Watcher, server: PanelServer): Upstream<Watcher> {
    let upstream = this.upstreams.get(server.uuid);
    if (!upstream) {
      upstream = new Upstream<Watcher>(this, server);
      this.upstreams.set(server.uuid, upstream);
      void upstream.open();
    }
    upstream.watchers.add(watcher);
    watcher.upstream = upstream;
    return upstream;
  }

  private leave(watcher: Watcher): void {
    if (!this.watchers.delete(watcher)) return;
    const open = (this.perUser.get(watcher.userId) ?? 1) - 1;
    if (open > 0) this.perUser.set(watcher.userId, open);
    else this.perUser.delete(watcher.userId);
    const upstream = watcher.upstream;
    watcher.upstream = null;
    if (upstream) {
      upstream.watchers.delete(watcher);
      if (upstream.watchers.size === 0) this.drop(upstream);
    }
    if (this.watchers.size === 0) this.stopChecks();
  }

  private drop(upstream: Upstream<Watcher>): void {
    upstream.close();
    if (this.upstreams.get(upstream.server.uuid) === upstream) this.upstreams.delete(upstream.server.uuid);
  }

  broadcast(upstream: Upstream<Watcher>, event: string, args: string[]): void {
    const now = this.ctx.now();
    for (const watcher of upstream.watchers) if (!watcher.tokenProblem(now)) watcher.send(event, args);
  }

  /** The panel server is gone: its watchers are closed as Wings closes them (1001). */
  ended(upstream: Upstream<Watcher>, reason: string): void {
    this.credentials.forget(upstream.server.uuid);
    this.drop(upstream);
    for (const watcher of upstream.watchers) watcher.socket.close(1001, reason);
  }

  /** Wings' expiry notices for our credentials; ends sockets that never authenticated or stopped renewing. */
  private check(): void {
    const now = this.ctx.now();
    const wall = Date.now();
    for (const upstream of this.upstreams.values()) upstream.heartbeat();
    for (const watcher of this.watchers) {
      if (watcher.exp === null) {
        if (wall - watcher.openedAt >= this.timing.authTimeoutMs)
          watcher.socket.close(1008, 'authentication timeout');
        continue;
      }
      const left = watcher.exp - Math.floor(now / 1000);
      if (left > 0) watcher.expiredAt = null;
      if (left <= 0) {
        watcher.expiredAt ??= wall;
        // A tab that did not renew for minutes (wall clock: the demo clock jumps) keeps no Wings socket.
        if (wall - watcher.expiredAt >= this.timing.expiredGraceMs)
          watcher.socket.close(1008, 'token expired');
        else watcher.send('token expired');
      } else if (left <= EXPIRING_SECONDS) watcher.send('token expiring');
    }
  }

  private startChecks(): void {
    if (this.checkTimer) return;
    this.checkTimer = setInterval(() => this.check(), this.timing.tokenCheckIntervalMs);
    this.checkTimer.unref();
  }

  private stopChecks(): void {
    clearInterval(this.checkTimer);
    this.checkTimer = undefined;
  }

  get upstreamCount(): number {
    return this.upstreams.size;
  }

  close(): void {
    this.stopChecks();
    for (const upstream of this.upstreams.values()) upstream.close();
    this.upstreams.clear();
    this.credentials.clear();
  }
}
