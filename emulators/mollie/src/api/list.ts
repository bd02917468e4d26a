import { MollieError } from './errors';
import { apiLink, docLink, type Link } from './links';

export interface ListQuery {
  from?: string;
  limit?: string | number;
}

/**
 * Mollie's cursor pagination: starts at the item with id `from` (inclusive), at most `limit` (1..250,
 * default 50) items, `_links.next` pointing at the following page.
 * @param items all items in list order (newest first unless asked otherwise)
 * @param key the `_embedded` key, e.g. `payments`
 * @param path the list's path under `base`, e.g. `/v2/payments`
 * @param render turns one item into its JSON resource
 * @throws MollieError 400 for a bad `limit`, 400 when `from` is unknown.
 */
export function paginate<T extends { id: string }>(
  items: T[],
  query: ListQuery,
  base: string,
  path: string,
  key: string,
  render: (item: T) => unknown,
  docPage: string,
): Record<string, unknown> {
  const limit = query.limit === undefined || query.limit === '' ? 50 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 250) {
    throw new MollieError(400, 'The limit must be between 1 and 250', 'limit');
  }
  let start = 0;
  if (query.from) {
    start = items.findIndex((item) => item.id === query.from);
    if (start < 0) throw new MollieError(400, `The 'from' id ${query.from} is invalid`, 'from');
  }
  const page = items.slice(start, start + limit);
  const next = items[start + limit];
  const previousStart = start > 0 ? items[Math.max(0, start - limit)] : undefined;
  const link = (from: string | undefined): Link =>
    apiLink(base, `${path}?${new URLSearchParams({ ...(from ? { from } : {}), limit: String(limit) })}`);
  return {
    count: page.length,
    _embedded: { [key]: page.map((item) => withoutDocumentationLink(render(item))) },
    _links: {
      self: link(query.from),
      previous: previousStart ? link(previousStart.id) : null,
      next: next ? link(next.id) : null,
      documentation: docLink(docPage),
    },
  };
}

/**
 * A resource as a list embeds it: Mollie's list item schemas (mollie-api-typescript's List*Response) have
 * no `_links.documentation`; the list itself carries one.
 */
function withoutDocumentationLink(resource: unknown): unknown {
  const links = (resource as { _links?: Record<string, unknown> } | null)?._links;
  if (!links || !('documentation' in links)) return resource;
  const { documentation: _documentation, ...rest } = links;
  return { ...(resource as object), _links: rest };
}

/** Newest first, as Mollie lists. */
export function newestFirst<T extends { createdAt: number }>(items: Iterable<T>): T[] {
  return [...items].reverse().sort((a, b) => b.createdAt - a.createdAt);
}
