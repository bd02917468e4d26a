import { panelError } from './errors';

/** `{ object, attributes }`: one transformed resource. */
export interface ItemEnvelope<T> {
  object: string;
  attributes: T;
}

export interface Pagination {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
  links: { previous?: string; next?: string };
}

/** `{ object: "list", data, meta? }`. */
export interface ListEnvelope<T> {
  object: 'list';
  data: Array<ItemEnvelope<T>>;
  meta?: { pagination: Pagination };
}

/** Wraps attributes as the panel's transformers do. */
export function item<T>(object: string, attributes: T): ItemEnvelope<T> {
  return { object, attributes };
}

/** A list without pagination (egg lists, relationships). */
export function list<T>(object: string, rows: T[]): ListEnvelope<T> {
  return { object: 'list', data: rows.map((r) => item(object, r)) };
}

/** The list query parameters the Application API understands. */
export interface ListQuery {
  page: number;
  perPage: number;
  filters: Record<string, string>;
  /** `id` or `-id` */
  sort: string | null;
  include: string[];
}

/**
 * Reads `?page`, `?per_page` (default 50, 1..100 else 400), `?filter[field]`, `?sort`, `?include`
 * from Fastify's parsed querystring.
 */
export function readListQuery(query: unknown): ListQuery {
  const q = (query ?? {}) as Record<string, string | string[] | undefined>;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const page = Math.max(1, Number.parseInt(one(q.page) ?? '1', 10) || 1);
  const perPage = Number.parseInt(one(q.per_page) ?? '50', 10);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
    throw panelError(
      400,
      'QueryValueOutOfRangeHttpException',
      '"per_page" query parameter must be between 1 and 100.',
    );
  }
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(q)) {
    const match = /^filter\[(\w+)\]$/.exec(key);
    if (match?.[1] !== undefined && one(value) !== undefined) filters[match[1]] = one(value) ?? '';
  }
  const include = (one(q.include) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { page, perPage, filters, sort: one(q.sort) ?? null, include };
}

/** Field accessors used for `filter[...]` and `sort`. */
export type FieldAccessors<T> = Record<string, (row: T) => string | number | null>;

/**
 * Applies filters (case-insensitive partial match; `server_id` is exact and `0` means unassigned) and
 * sorting. Unknown filters answer 400 like Spatie's query builder.
 */
export function filterAndSort<T>(rows: T[], query: ListQuery, fields: FieldAccessors<T>): T[] {
  let out = rows;
  for (const [name, wanted] of Object.entries(query.filters)) {
    const read = fields[name];
    if (!read) {
      throw panelError(
        400,
        'InvalidFilterQuery',
        `Requested filter(s) \`${name}\` are not allowed. Allowed filter(s) are \`${Object.keys(fields).join(', ')}\`.`,
      );
    }
    if (name === 'server_id') {
      const unassigned = wanted === '' || wanted === '0' || !/^\d+$/.test(wanted);
      out = out.filter((r) => (unassigned ? read(r) === null : String(read(r)) === wanted));
    } else {
      out = out.filter((r) =>
        String(read(r) ?? '')
          .toLowerCase()
          .includes(wanted.toLowerCase()),
      );
    }
  }
  if (query.sort) {
    const desc = query.sort.startsWith('-');
    const read = fields[desc ? query.sort.slice(1) : query.sort];
    if (read) {
      out = [...out].sort((a, b) => {
        const x = read(a) ?? '';
        const y = read(b) ?? '';
        const cmp =
          typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return desc ? -cmp : cmp;
      });
    }
  }
  return out;
}

/**
 * One page of rows as a paginated list envelope.
 * @param pageUrl builds the absolute URL of another page (for `links.next` / `links.previous`)
 */
export function paginate<T, A>(
  object: string,
  rows: T[],
  query: ListQuery,
  transform: (row: T) => A,
  pageUrl: (page: number) => string,
): ListEnvelope<A> {
  const totalPages = Math.max(1, Math.ceil(rows.length / query.perPage));
  const slice = rows.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  const links: Pagination['links'] = {};
  if (query.page > 1) links.previous = pageUrl(query.page - 1);
  if (query.page < totalPages) links.next = pageUrl(query.page + 1);
  return {
    object: 'list',
    data: slice.map((row) => item(object, transform(row))),
    meta: {
      pagination: {
        total: rows.length,
        count: slice.length,
        per_page: query.perPage,
        current_page: query.page,
        total_pages: totalPages,
        links,
      },
    },
  };
}
