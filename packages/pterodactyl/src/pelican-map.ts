/**
 * Pelican's answers mapped to the Pterodactyl shapes of types.ts: locations from node tags, nests from egg
 * tags (Pelican dropped both tables: 2024_03_12_154408_remove_nests_table.php and the locations migration),
 * users without names.
 */
import type { Egg, EggVariable, Location, Nest, Node, PanelUser, Server } from './types';

/** The name of the nest that holds the eggs without any tag. */
export const UNTAGGED_NEST = 'Untagged';

/**
 * The stable id of a node or egg tag: FNV-1a (32 bit) of the tag's UTF-8 bytes, masked to 31 bits, 1 when
 * that is 0. It depends on the tag alone, so ids survive panel restarts and any order of nodes or eggs.
 * @returns an integer in 1..2^31-1
 */
export function tagId(tag: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(tag)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff || 1;
}

/** The id of the "Untagged" nest: the tag id of the empty string, which no real tag can be (`min:1`). */
export const UNTAGGED_NEST_ID = tagId('');

/** Pelican's NodeTransformer attributes (app/Transformers/Api/Application/NodeTransformer.php). */
export type PelicanNode = Omit<Node, 'location_id' | 'allocated_resources'> & {
  tags?: string[];
  allocated_resources: { memory: number; disk: number; cpu?: number };
};

/** Pelican's EggTransformer attributes: `tags` instead of `nest`, variables under `relationships`. */
export type PelicanEgg = Omit<Egg, 'nest' | 'variables'> & {
  tags?: string[];
  relationships?: { variables?: { data: Array<{ attributes: EggVariable }> } };
};

/** Pelican's ServerTransformer: no `nest`, `allocation` may be null, `oom_killer` beside `oom_disabled`. */
export type PelicanServer = Omit<Server, 'nest' | 'allocation' | 'limits'> & {
  allocation: number | null;
  limits: Omit<Server['limits'], 'oom_disabled'> & { oom_disabled?: boolean; oom_killer?: boolean };
};

/** Pelican's Application UserTransformer: no first/last name; `2fa_enabled` beside the deprecated `2fa`. */
export type PelicanUser = Omit<PanelUser, 'first_name' | 'last_name' | 'root_admin' | '2fa'> & {
  root_admin?: boolean;
  '2fa'?: boolean;
  '2fa_enabled'?: boolean;
};

/** The node as the Pterodactyl client shows it: `location_id` is its first tag's id, 0 without tags. */
export function nodeFromPelican(node: PelicanNode): Node {
  const { tags, allocated_resources, ...rest } = node;
  const first = tags?.[0];
  return {
    ...rest,
    location_id: first === undefined ? 0 : tagId(first),
    allocated_resources: { memory: allocated_resources.memory, disk: allocated_resources.disk },
  };
}

/** Earliest and latest timestamp of rows (ISO-8601 with the same offset sort as text). */
function span(rows: Array<{ created_at: string; updated_at: string }>) {
  const created = rows.map((r) => r.created_at).sort();
  const updated = rows.map((r) => r.updated_at).sort();
  return { created_at: created[0] ?? '', updated_at: updated[updated.length - 1] ?? '' };
}

/**
 * One location per distinct tag of `nodes`, `short` and `long` the tag, created/updated the earliest and
 * latest of its nodes' timestamps; ordered by tag.
 */
export function locationsFromNodes(nodes: PelicanNode[]): Location[] {
  const byTag = new Map<string, PelicanNode[]>();
  for (const node of nodes)
    for (const tag of new Set(node.tags ?? [])) byTag.set(tag, [...(byTag.get(tag) ?? []), node]);
  return [...byTag.keys()]
    .sort()
    .map((tag) => ({ id: tagId(tag), short: tag, long: tag, ...span(byTag.get(tag) ?? []) }));
}

/** The ids of the nests an egg is in: each tag's, or the "Untagged" nest's when it has none. */
export function nestIdsOf(egg: { tags?: string[] }): number[] {
  const tags = egg.tags ?? [];
  return tags.length === 0 ? [UNTAGGED_NEST_ID] : tags.map(tagId);
}

/**
 * One nest per distinct egg tag (ordered by tag), then "Untagged" when an egg has no tag. `uuid` is ''
 * (Pelican has no such row), `author` the first egg's, `description` null.
 */
export function nestsFromEggs(eggs: PelicanEgg[]): Nest[] {
  const byTag = new Map<string, PelicanEgg[]>();
  const untagged = eggs.filter((e) => (e.tags ?? []).length === 0);
  for (const egg of eggs)
    for (const tag of new Set(egg.tags ?? [])) byTag.set(tag, [...(byTag.get(tag) ?? []), egg]);
  const nest = (id: number, name: string, members: PelicanEgg[]): Nest => ({
    id,
    uuid: '',
    author: members[0]?.author ?? '',
    name,
    description: null,
    ...span(members),
  });
  const nests = [...byTag.keys()].sort().map((tag) => nest(tagId(tag), tag, byTag.get(tag) ?? []));
  if (untagged.length > 0) nests.push(nest(UNTAGGED_NEST_ID, UNTAGGED_NEST, untagged));
  return nests;
}

/** The egg as the Pterodactyl client shows it: `nest` its first tag's nest, variables unwrapped if asked. */
export function eggFromPelican(egg: PelicanEgg, includeVariables: boolean): Egg {
  const { relationships, tags: _tags, ...rest } = egg;
  const variables = relationships?.variables?.data.map((v) => v.attributes);
  const mapped: Egg = { ...rest, nest: nestIdsOf(egg)[0] ?? UNTAGGED_NEST_ID };
  return includeVariables && variables ? { ...mapped, variables } : mapped;
}

/**
 * The server as the Pterodactyl client shows it: `nest` from its egg (0 when the egg is unknown), a null
 * `allocation` (a server made by deploy without ports) as 0, `oom_disabled` the inverse of `oom_killer`.
 */
export function serverFromPelican(server: PelicanServer, nestOfEgg: (eggId: number) => number): Server {
  const { oom_killer, oom_disabled, ...limits } = server.limits;
  return {
    ...server,
    allocation: server.allocation ?? 0,
    nest: nestOfEgg(server.egg),
    limits: { ...limits, oom_disabled: oom_disabled ?? !oom_killer },
  };
}

/** The user with '' names (Pelican dropped them), e-mail lower case, root_admin false when not given. */
export function userFromPelican(user: PelicanUser): PanelUser {
  const {
    '2fa_enabled': twoFactor,
    is_managed_externally: _managed,
    ...rest
  } = user as PelicanUser & {
    is_managed_externally?: boolean;
  };
  return {
    ...rest,
    email: user.email.toLowerCase(),
    first_name: '',
    last_name: '',
    root_admin: user.root_admin ?? false,
    '2fa': user['2fa'] ?? twoFactor ?? false,
  };
}
