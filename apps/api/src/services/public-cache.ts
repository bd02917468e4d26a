/**
 * Public, anonymous answers (the game list) kept serialized for a few seconds: the storefront's busiest
 * call then costs no database query and no schema serialization (bench/: at least 60 % of a bare route).
 * Each instance keeps its own copy; an edit shows everywhere within PUBLIC_CACHE_MS (docs/decisions.md).
 */
import { LRUCache } from 'lru-cache';

export const PUBLIC_CACHE_MS = 10_000;

export interface PublicCache {
  /** the JSON text for `key`, loading it once even when many requests ask at the same time */
  json(key: string, load: () => Promise<unknown>): Promise<string>;
  /** drops every entry (call after an edit of the catalogue) */
  clear(): void;
}

export function createPublicCache(ttlMs = PUBLIC_CACHE_MS): PublicCache {
  const cache = new LRUCache<string, string, () => Promise<unknown>>({
    max: 500,
    ttl: ttlMs,
    fetchMethod: async (_key, _stale, { context }) => JSON.stringify(await context()),
  });
  return {
    async json(key, load) {
      const value = await cache.fetch(key, { context: load });
      if (value === undefined) throw new Error(`public cache could not load ${key}`);
      return value;
    },
    clear: () => cache.clear(),
  };
}
