/** Public, anonymous answers kept serialized briefly, per instance (docs/decisions/005-public-cache.md). */
import { LRUCache } from 'lru-cache';
import { EncodedText } from './encoding';

export const PUBLIC_CACHE_MS = 10_000;

export interface PublicCache {
  /** The text for `key` with its compressed variants, or null when `load` found nothing; loaded once. */
  text(key: string, load: () => Promise<string | null>): Promise<EncodedText | null>;
  /** What `text` would answer when cached and fresh, without a promise; undefined when it must be loaded. */
  cached(key: string): EncodedText | null | undefined;
  /** Calls `use` with the answer, synchronously when cached. @returns undefined, or the load's promise */
  use(
    key: string,
    load: () => Promise<string | null>,
    use: (answer: EncodedText | null) => void,
  ): Promise<void> | undefined;
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
