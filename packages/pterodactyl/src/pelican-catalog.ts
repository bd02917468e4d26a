import type { createPanelCore } from './core';
import { isPterodactylError, PterodactylError } from './errors';
import {
  eggFromPelican,
  locationsFromNodes,
  nestIdsOf,
  nestsFromEggs,
  nodeFromPelican,
  type PelicanEgg,
  type PelicanNode,
  tagId,
  UNTAGGED_NEST_ID,
} from './pelican-map';
import type { Allocation, Egg, Location, Nest, Node } from './types';

type Core = ReturnType<typeof createPanelCore>;

/** Tag of each location id seen in any node reading of this process (ids depend on the tag alone). */
const locationTags = new Map<number, string>();

/**
 * The node tag a location id stands for, from the node readings of any Pelican client in this process
 * (listNodes, getNode, listLocations, listDeployableNodes); null when no reading showed it yet.
 */
export function locationTagOf(id: number): string | null {
  return locationTags.get(id) ?? null;
}

function remember(node: PelicanNode): void {
  for (const tag of node.tags ?? []) locationTags.set(tagId(tag), tag);
}

const notFound = () =>
  new PterodactylError(404, [
    {
      code: 'NotFoundHttpException',
      status: '404',
      detail: 'The requested resource could not be found on the server.',
    },
  ]);

/**
 * The catalogue part of the Pelican client: locations from node tags, nests from egg tags. Keeps the egg
 * id -> nest id map of the last egg reading, for `Server.nest`.
 */
export function pelicanCatalog(core: Core) {
  const { app, get, listAll } = core;
  const nestOfEgg = new Map<number, number>();

  const readNodes = async () => {
    const nodes = await listAll<PelicanNode>('/nodes');
    nodes.forEach(remember);
    return nodes;
  };
  // GET /eggs is Egg::all(), one unpaginated list (EggController::index); listAll reads pages if it ever is.
  const readEggs = async () => {
    const eggs = await listAll<PelicanEgg>('/eggs', { include: 'variables' });
    for (const egg of eggs) nestOfEgg.set(egg.id, nestIdsOf(egg)[0] ?? UNTAGGED_NEST_ID);
    return eggs;
  };

  /** The tags of `locationIds`, reading the nodes once when one is not known yet. */
  async function tagsOf(locationIds: number[]): Promise<string[]> {
    if (locationIds.some((id) => !locationTags.has(id))) await readNodes();
    return locationIds.flatMap((id) => locationTags.get(id) ?? []);
  }

  /** The nest of each egg id, reading the eggs once when one is not known yet (0 when still unknown). */
  async function nestsOfEggs(eggIds: number[]): Promise<(eggId: number) => number> {
    if (eggIds.some((id) => !nestOfEgg.has(id))) await readEggs();
    return (eggId) => nestOfEgg.get(eggId) ?? 0;
  }

  const methods = {
    listLocations: async (): Promise<Location[]> => locationsFromNodes(await readNodes()),
    listNodes: async (): Promise<Node[]> => (await readNodes()).map(nodeFromPelican),
    listDeployableNodes: async (need: { memory: number; disk: number; locationIds?: number[] }) => {
      const wanted = need.locationIds ?? [];
      const tags = await tagsOf(wanted);
      // Locations that no node carries: no node can be in them (Pterodactyl answers none as well).
      if (wanted.length > 0 && tags.length === 0) return [];
      const query = { memory: need.memory, disk: need.disk, 'tags[]': tags };
      try {
        const body = await app<{ data: Array<{ attributes: PelicanNode }> }>({
          method: 'GET',
          path: '/nodes/deployable',
          query,
        });
        const nodes = body.data.map((d) => d.attributes);
        nodes.forEach(remember);
        return nodes.map(nodeFromPelican);
      } catch (error) {
        if (isPterodactylError(error) && error.code === 'NoViableNodeException') return [];
        throw error;
      }
    },
    getNode: async (id: number): Promise<Node> => {
      const node = await get<PelicanNode>(`/nodes/${id}`);
      remember(node);
      return nodeFromPelican(node);
    },
    listNodeAllocations: (nodeId: number, opts: { unassignedOnly?: boolean; atLeast?: number } = {}) =>
      listAll<Allocation>(
        `/nodes/${nodeId}/allocations`,
        opts.unassignedOnly ? { 'filter[server_id]': '0' } : {},
        opts.atLeast,
      ),
    listNests: async (): Promise<Nest[]> => nestsFromEggs(await readEggs()),
    listEggs: async (nestId: number, opts: { includeVariables?: boolean } = {}): Promise<Egg[]> =>
      (await readEggs())
        .filter((egg) => nestIdsOf(egg).includes(nestId))
        .map((egg) => eggFromPelican(egg, opts.includeVariables === true)),
    // One GET /eggs, where Pterodactyl needs a call per nest.
    listNestsWithEggs: async (): Promise<Array<Nest & { eggs: Egg[] }>> => {
      const eggs = await readEggs();
      return nestsFromEggs(eggs).map((nest) => ({
        ...nest,
        eggs: eggs.filter((egg) => nestIdsOf(egg).includes(nest.id)).map((egg) => eggFromPelican(egg, true)),
      }));
    },
    getEgg: async (nestId: number, eggId: number, opts: { includeVariables?: boolean } = {}) => {
      const query = opts.includeVariables ? { include: 'variables' } : {};
      const egg = await get<PelicanEgg>(`/eggs/${eggId}`, query);
      nestOfEgg.set(egg.id, nestIdsOf(egg)[0] ?? UNTAGGED_NEST_ID);
      // Pterodactyl answers 404 for an egg of another nest (route binding of /nests/{nest}/eggs/{egg}).
      if (!nestIdsOf(egg).includes(nestId)) throw notFound();
      return eggFromPelican(egg, opts.includeVariables === true);
    },
  };
  return { methods, tagsOf, nestsOfEggs };
}
