/**
 * The public API answers a server-rendered page was made from (`<script type="application/json"
 * id="fh-data">`, apps/api/src/site/pages.ts): seeded into the query cache, so /hosting and /game/{id}
 * show their data at once instead of a skeleton while the same request runs again.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export function seedServerData(queryClient: QueryClient): void {
  const element = typeof document === 'undefined' ? null : document.getElementById('fh-data');
  if (!element?.textContent) return;
  element.remove();
  try {
    const { queries } = JSON.parse(element.textContent) as { queries?: [QueryKey, unknown][] };
    for (const [key, data] of queries ?? []) queryClient.setQueryData(key, data);
  } catch {
    // A page without usable data loads it from the API as usual.
  }
}
