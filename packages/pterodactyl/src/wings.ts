import type { ProcessState } from './types';

/** A Wings websocket frame: `{ event, args? }`. */
export interface WingsFrame {
  event: string;
  args?: string[];
}

/** The object inside a `stats` event's `args[0]` (bytes, percent with 100 = one core, uptime in ms). */
export interface WingsStats {
  memory_bytes: number;
  memory_limit_bytes: number;
  cpu_absolute: number;
  network: { rx_bytes: number; tx_bytes: number };
  uptime: number;
  state: ProcessState;
  disk_bytes: number;
}

/** Parses a received frame; null when it is not `{ event: string }` JSON. */
export function parseWingsFrame(data: unknown): WingsFrame | null {
  try {
    const parsed = JSON.parse(String(data)) as Partial<WingsFrame>;
    return typeof parsed?.event === 'string' ? { event: parsed.event, args: parsed.args } : null;
  } catch {
    return null;
  }
}

/** The stats of a `stats` frame, or null for other frames or a malformed payload. */
export function parseWingsStats(frame: WingsFrame): WingsStats | null {
  if (frame.event !== 'stats' || typeof frame.args?.[0] !== 'string') return null;
  try {
    return JSON.parse(frame.args[0]) as WingsStats;
  } catch {
    return null;
  }
}

/** The `auth` frame to send with a token from `getWebsocketCredentials`. */
export function authFrame(token: string): string {
  return JSON.stringify({ event: 'auth', args: [token] });
}
