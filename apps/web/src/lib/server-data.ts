/**
 * The public API answers a server-rendered page was made from (its facts, lib/page-facts.ts): seeded into
 * the query cache, so /hosting and /game/{id} hydrate with their data instead of a skeleton while the same
 * request runs again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import { pageFactsOfDocument } from './page-facts';

export function seedServerData(queryClient: QueryClient): void {
  for (const [key, data] of pageFactsOfDocument()?.queries ?? []) queryClient.setQueryData(key, data);
}

/** The query cache of one server render (entry-server.tsx); the browser uses lib/query-client.ts's. */
export const RenderQueryClient = createContext<QueryClient | undefined>(undefined);
