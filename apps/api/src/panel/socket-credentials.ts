/**
 * One panel websocket credential per server and instance, shared by `/websocket-token` and the relay's
 * Wings socket, asked again only shortly before it expires
 * (docs/decisions/406-one-socket-credential-per-server.md).
 */
import { decodeJwt } from 'jose';
import { LRUCache } from 'lru-cache';
import { MINUTE_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';

/** A server's panel ids: `uuid` names its Wings socket, `identifier` its Client API routes. */
export interface PanelServer {
  uuid: string;
  identifier: string;
}

/** The panel's answer to `GET /api/client/servers/{id}/websocket`: a Wings JWT and the socket's URL. */
export interface SocketCredential {
  token: string;
  socket: string;
}

/** Timings and size of the cache; tests shorten them. Durations in milliseconds. */
export interface SocketCredentialOptions {
  /** a credential is asked again this long before its `exp` (default 60 s, Wings' own warning time) */
  renewBeforeMs?: number;
  /** how long a token without a readable `exp` is used (default 60 s) */
  shortLivedMs?: number;
  /** servers kept at most; the least recently used is forgotten first (default 10 000) */
  maxServers?: number;
}

/** The panel answered with another server's socket: never cached, answered as a panel failure. */
export class ForeignSocketError extends Error {}

interface Entry {
  credential: SocketCredential;
  /** epoch ms (ctx clock) from which the credential is asked again */
  renewAt: number;
}

/** True when a panel socket URL is that of the server `uuid` (the panel answered for our server). */
export function socketIsFor(socketUrl: string, uuid: string): boolean {
  try {
    return new URL(socketUrl).pathname.endsWith(`/api/servers/${uuid}/ws`);
  } catch {
    return false;
  }
}

/** A panel token's `exp` in epoch ms, read without verifying; null when it has none. */
export function tokenExpiresAt(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * When to ask again for a token read at `now` (epoch ms): `renewBeforeMs` before its `exp`, or halfway
 * through what is left of a shorter life, so a short-lived token is still shared; `shortLivedMs` from
 * now when the token has no `exp` (decoded without verifying: Wings checks the signature, we only time it).
 */
export function renewalTime(token: string, now: number, renewBeforeMs: number, shortLivedMs: number): number {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return now + shortLivedMs;
  const left = expiresAt - now;
  return now + Math.max(0, left - Math.min(renewBeforeMs, left / 2));
}

/**
 * The instance's panel websocket credentials by server uuid. The panel is asked for a server's credential
 * at most once per credential lifetime (Pelican allows 5 a minute per server, Pterodactyl's client budget is
 * shared by every customer), and callers asking at the same time share one request. Answers that are no
 * credential (409 installing or suspended, 404, a failure) are shared by the callers waiting for them but
 * not kept.
 */
export class SocketCredentials {
  private readonly entries: LRUCache<string, Entry>;
  private readonly inFlight = new Map<string, Promise<SocketCredential>>();
  private callersWaiting = 0;
  private readonly renewBeforeMs: number;
  private readonly shortLivedMs: number;

  constructor(
    private readonly ctx: AppContext,
    options: SocketCredentialOptions = {},
  ) {
    this.renewBeforeMs = options.renewBeforeMs ?? MINUTE_MS;
    this.shortLivedMs = options.shortLivedMs ?? MINUTE_MS;
    this.entries = new LRUCache({ max: options.maxServers ?? 10_000 });
  }

  /**
   * The server's credential: the kept one until its renewal time, else one asked of the panel.
   * @throws the panel client's PterodactylError (409 ServerStateConflictException while installing or
   *   suspended, 404 when the panel does not know the server, 429/5xx), ForeignSocketError when the
   *   panel's socket is not that of `server.uuid`
   */
  get(server: PanelServer): Promise<SocketCredential> {
    const entry = this.entries.get(server.uuid);
    if (entry && this.ctx.now() < entry.renewAt) return Promise.resolve(entry.credential);
    return this.fetch(server);
  }

  /**
   * A credential other than `stale`, which Wings refused or called expired: the kept one when it is newer,
   * else a new one from the panel (shared with anyone asking meanwhile).
   * @throws as `get`
   */
  renew(server: PanelServer, stale: string): Promise<SocketCredential> {
    const entry = this.entries.get(server.uuid);
    if (entry && entry.credential.token !== stale && this.ctx.now() < entry.renewAt)
      return Promise.resolve(entry.credential);
    this.entries.delete(server.uuid);
    return this.fetch(server);
  }

  /** Drops what is kept for server `uuid` (the panel no longer knows it). */
  forget(uuid: string): void {
    this.entries.delete(uuid);
    this.inFlight.delete(uuid);
  }

  /** Servers with a kept credential (a bounded number). */
  get size(): number {
    return this.entries.size;
  }

  /** Callers now waiting for a panel request, each counted (those sharing one request too). */
  get waiting(): number {
    return this.callersWaiting;
  }

  /** Forgets every kept credential and in-flight request (the relay closing). */
  clear(): void {
    this.entries.clear();
    this.inFlight.clear();
  }

  private fetch(server: PanelServer): Promise<SocketCredential> {
    let request = this.inFlight.get(server.uuid);
    if (!request) {
      const asked: Promise<SocketCredential> = this.ask(
        server,
        () => this.inFlight.get(server.uuid) === asked,
      ).finally(() => {
        if (this.inFlight.get(server.uuid) === asked) this.inFlight.delete(server.uuid);
      });
      this.inFlight.set(server.uuid, asked);
      request = asked;
    }
    this.callersWaiting += 1;
    return request.finally(() => {
      this.callersWaiting -= 1;
    });
  }

  /** One panel request; its answer is kept only while `current()` (no `forget` came meanwhile). */
  private async ask(server: PanelServer, current: () => boolean): Promise<SocketCredential> {
    const credential = await this.ctx.panel.getWebsocketCredentials(server.identifier);
    if (!socketIsFor(credential.socket, server.uuid))
      throw new ForeignSocketError(
        `the panel's socket ${credential.socket} is not that of server ${server.uuid}`,
      );
    if (current())
      this.entries.set(server.uuid, {
        credential: { token: credential.token, socket: credential.socket },
        renewAt: renewalTime(credential.token, this.ctx.now(), this.renewBeforeMs, this.shortLivedMs),
      });
    return credential;
  }
}
