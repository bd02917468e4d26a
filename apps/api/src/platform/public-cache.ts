/**
 * Public, anonymous answers (the game list, the catalogue pages) kept serialized for a few seconds: the
 * storefront's busiest calls then cost no database query, no schema serialization and, once a variant is
 * made, no compression (bench/: at least 60 % of a bare route). Each instance keeps its own copy; an edit
 * shows everywhere within PUBLIC_CACHE_MS (docs/decisions/005-public-cache.md).
 */
import { LRUCache } from 'lru-cache';
import { EncodedText } from './encoding';

export const PUBLIC_CACHE_MS = 10_000;

export interface PublicCache {
  /**
   * The text for `key` with its compressed variants, or null when `load` found nothing (cached too);
   * loaded once even when many requests ask at the same time.
   */
  text(key: string, load: () => Promise<string | null>): Promise<EncodedText | null>;
  /**
   * What `text` would answer for `key` when it is cached and fresh, without waiting (no promise, no
   * microtask: the busiest public answers are sent in the handler's own call); undefined when it must be
   * loaded.
   */
  cached(key: string): EncodedText | null | undefined;
  /**
   * Calls `use` with what `text` answers for `key`: in this very call when it is `cached`, else once
   * loaded. @returns undefined when `use` has run, else the promise of the load and `use`
   */
  use(
    key: string,
    load: () => Promise<string | null>,
    use: (answer: EncodedText | null) => void,
  ): Promise<void> | undefined;
  /** the JSON text of what `load` answers for `key`, loaded as `text` is */
  json(key: string, load: () => Promise<unknown>): Promise<string>;
  /** drops every entry (call after an edit of the catalogue) */
  clear(): void;
}

/** LRU values cannot be null: an answer that is absent is kept as `{ answer: null }`. */
interface Entry {
  answer: EncodedText | null;
}

export function createPublicCache(ttlMs = PUBLIC_CACHE_MS): PublicCache {
  const cache = new LRUCache<string, Entry, () => Promise<string | null>>({
    max: 500,
    ttl: ttlMs,
    fetchMethod: async (_key, _stale, { context }) => {
      const text = await context();
      return { answer: text === null ? null : new EncodedText(text) };
    },
  });
  const text = async (key: string, load: () => Promise<string | null>) => {
    const entry = await cache.fetch(key, { context: load });
    if (entry === undefined) throw new Error(`public cache could not load ${key}`);
    return entry.answer;
  };
  return {
    text,
    cached: (key) => cache.get(key)?.answer,
    use(key, load, use) {
      const entry = cache.get(key);
      if (entry === undefined) return text(key, load).then(use);
      use(entry.answer);
    },
    async json(key, load) {
      const answer = await text(key, async () => JSON.stringify(await load()) ?? 'null');
      return answer?.text ?? 'null';
    },
    clear: () => cache.clear(),
  };
}
