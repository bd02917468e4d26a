/** A websocket frame between the browser and Wings: `{ event, args? }`. */
export interface WingsFrame {
  event: string;
  args?: string[];
}

/** Parses an incoming frame; null for anything that is not `{ event: string, args?: string[] }`. */
export function parseFrame(data: unknown): WingsFrame | null {
  try {
    const parsed = JSON.parse(String(data)) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { event, args } = parsed as Record<string, unknown>;
    if (typeof event !== 'string') return null;
    return { event, args: Array.isArray(args) ? args.map(String) : [] };
  } catch {
    return null;
  }
}

/** Serialises an outgoing frame; `args` is left out when not given, as Wings does for `auth success`. */
export function frame(event: string, args?: string[]): string {
  return JSON.stringify(args ? { event, args } : { event });
}
