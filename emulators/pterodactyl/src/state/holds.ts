/**
 * Requests a test holds inside the panel (crash tests: the caller dies while the panel has its request,
 * which the panel then finishes). Panel-neutral: the Pterodactyl and the Pelican emulator both use it,
 * from their plugin's preHandler hook, once the whole request (body parsed) has arrived.
 */

export interface RequestHolds {
  /**
   * Holds the next request whose method is `method` and whose URL matches `path` until `release()`;
   * `reached` resolves when it arrives.
   */
  holdNext(method: string, path: RegExp): { reached: Promise<void>; release(): void };
  /** the wait of a held request, or null when no hold matches it (the plugin's preHandler hook) */
  heldFor(method: string, url: string): Promise<void> | null;
}

/** An empty set of holds. */
export function createRequestHolds(): RequestHolds {
  const holds: Array<{ method: string; path: RegExp; arrive(): void; gate: Promise<void> }> = [];
  return {
    holdNext(method, path) {
      let arrive = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push({ method: method.toUpperCase(), path, arrive, gate });
      return { reached, release };
    },
    heldFor(method, url) {
      const index = holds.findIndex((h) => h.method === method.toUpperCase() && h.path.test(url));
      if (index < 0) return null;
      const [hold] = holds.splice(index, 1);
      hold?.arrive();
      return hold?.gate ?? null;
    },
  };
}
