/**
 * Live stats of one server over the API's relay socket (product.md "Live server stats"; demo.md
 * "Contracts the demo must keep"): the socket and a credential for this one server come from
 * `/websocket-token`; send {"event":"auth","args":[token]}, read `status` and `stats` events (args[0] a JSON
 * string). On "token expiring", "token expired" or "jwt error" fetch a fresh credential and authenticate
 * again (one at a time, at most every few seconds); reconnect with exponential backoff when the socket closes
 * unexpectedly, with a fresh credential. A server the list gave no credential for (still installing, or the
 * panel was away) is asked for one every few seconds until it has one.
 */
import type { WingsStats } from '@falkenhost/contracts/servers';
import type { Dispatch, SetStateAction } from 'react';
import { type Gauges, gaugesFrom } from '../utils/stats';
import { fetchWebsocketToken } from './servers';

/** What the card shows live: the gauges, the power state and whether the socket is connected. */
export interface LiveStats {
  gauges: Gauges | null;
  /** the server's power state from Wings: installing, running, starting, stopping, offline */
  state: string | null;
  connected: boolean;
}

/** The relay's socket and a credential for it. */
export interface StatsCredentials {
  socket: string;
  token: string;
}

/** The package's limits the gauges are drawn against. */
interface Limits {
  vcpu: number;
  ram_size: number;
  storage_size: number;
}

const MAX_BACKOFF_MS = 30_000;
/** how often a server still installing is asked for its socket again */
const INSTALL_POLL_MS = 5_000;
/** shortest time between two re-authentications (a refused credential must not loop) */
const REAUTH_INTERVAL_MS = 3_000;
/** the relay's notices that ask for a fresh credential */
const RENEW_EVENTS = new Set(['token expiring', 'token expired', 'jwt error']);

/** A socket URL as the API gives it (ws(s)://, http(s):// or a same-origin path) to a ws(s):// URL. */
export function toWebSocketUrl(url: string): string {
  const absolute = new URL(url, window.location.href);
  if (absolute.protocol === 'http:') absolute.protocol = 'ws:';
  if (absolute.protocol === 'https:') absolute.protocol = 'wss:';
  return absolute.toString();
}

/** What a frame of the relay tells: new stats (as the live stats they make), a power state, or to renew. */
type RelayFrame = { kind: 'stats'; live: LiveStats } | { kind: 'status'; state: string } | { kind: 'renew' };

/**
 * Reads one frame of the relay: a `stats` event as gauges of `limits` with its power state, a `status`
 * event's state, or a notice asking for a fresh credential (RENEW_EVENTS); null for anything else or a
 * frame that is not JSON.
 */
function readRelayFrame(data: unknown, limits: Limits): RelayFrame | null {
  let event: { event?: string; args?: unknown[] };
  try {
    event = JSON.parse(String(data));
  } catch {
    return null;
  }
  if (event.event === 'stats' && typeof event.args?.[0] === 'string') {
    try {
      const stats = JSON.parse(event.args[0]) as WingsStats;
      return {
        kind: 'stats',
        live: { gauges: gaugesFrom(stats, limits), state: stats.state, connected: true },
      };
    } catch {
      // a malformed stats frame is skipped; the next one arrives within seconds
      return null;
    }
  }
  if (event.event === 'status' && typeof event.args?.[0] === 'string')
    return { kind: 'status', state: event.args[0] };
  if (typeof event.event === 'string' && RENEW_EVENTS.has(event.event)) return { kind: 'renew' };
  return null;
}

/**
 * Watches server `id`'s live stats (see the module comment) until the returned function is called or the
 * page unloads, reporting them through `setLive`.
 * @param first the credential the server list gave, null when it gave none (it is asked for then)
 * @returns stops watching: closes the socket and cancels any retry
 */
export function watchLiveStats(
  id: number,
  first: StatsCredentials | null,
  limits: Limits,
  setLive: Dispatch<SetStateAction<LiveStats>>,
): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: number | undefined;
  let credentials = first;

  /** Asks for credentials until the panel gives some, then connects. */
  const awaitCredentials = async () => {
    const answer = await fetchWebsocketToken(id);
    if (stopped) return;
    if (answer && answer !== 'installing') {
      credentials = answer;
      connect();
      return;
    }
    if (answer === 'installing') setLive((previous) => ({ ...previous, state: 'installing' }));
    const delay =
      answer === 'installing' ? INSTALL_POLL_MS : Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** attempt++);
    retryTimer = window.setTimeout(() => void awaitCredentials(), delay);
  };

  let reauthenticating = false;
  let lastReauth = 0;
  const reauthenticate = async (current: WebSocket) => {
    if (reauthenticating || Date.now() - lastReauth < REAUTH_INTERVAL_MS) return;
    reauthenticating = true;
    lastReauth = Date.now();
    try {
      const fresh = await fetchWebsocketToken(id);
      if (!fresh || fresh === 'installing' || stopped) return;
      credentials = fresh;
      if (current.readyState === WebSocket.OPEN)
        current.send(JSON.stringify({ event: 'auth', args: [fresh.token] }));
    } finally {
      reauthenticating = false;
    }
  };

  const connect = () => {
    if (stopped || !credentials) return;
    const current = new WebSocket(toWebSocketUrl(credentials.socket));
    socket = current;
    current.onopen = () => {
      attempt = 0;
      if (credentials) current.send(JSON.stringify({ event: 'auth', args: [credentials.token] }));
      setLive((previous) => ({ ...previous, connected: true }));
    };
    current.onmessage = (message) => {
      const frame = readRelayFrame(message.data, limits);
      if (frame?.kind === 'stats') setLive(frame.live);
      else if (frame?.kind === 'status') setLive((previous) => ({ ...previous, state: frame.state }));
      else if (frame?.kind === 'renew') void reauthenticate(current);
    };
    current.onclose = () => {
      if (stopped) return;
      setLive((previous) => ({ ...previous, connected: false }));
      const delay = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** attempt);
      attempt += 1;
      retryTimer = window.setTimeout(async () => {
        // The old credential may have expired while we were away; without a fresh one, ask until given.
        const fresh = await fetchWebsocketToken(id);
        if (stopped) return;
        if (fresh && fresh !== 'installing') {
          credentials = fresh;
          connect();
        } else void awaitCredentials();
      }, delay);
    };
  };

  const stop = () => {
    stopped = true;
    window.clearTimeout(retryTimer);
    socket?.close();
  };
  if (credentials) connect();
  else void awaitCredentials();
  window.addEventListener('pagehide', stop);
  return () => {
    window.removeEventListener('pagehide', stop);
    stop();
  };
}
