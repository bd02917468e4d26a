/**
 * The grouped options of the store popups' MultiSelects (product.md "Staff screens": add-ons); values are ids
 * as strings, as Mantine's selects hold them. Groups without options are left out.
 */
import type { AddonsAdditionalData, AdminPackagesAdditionalData } from '@falkenhost/contracts/admin';

export interface OptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** Nodes grouped by their location's long name. */
export function nodeOptions(locations: AdminPackagesAdditionalData['locations']): OptionGroup[] {
  return locations
    .filter((location) => location.nodes.length > 0)
    .map((location) => ({
      group: location.long,
      items: location.nodes.map((node) => ({ value: String(node.id), label: node.name })),
    }));
}

/**
 * Eggs grouped by their nest's name; with `only`, just those eggs (a game's own and the ones already chosen,
 * docs/decisions/437).
 */
export function eggOptions(
  nests: AdminPackagesAdditionalData['nests'],
  only?: ReadonlySet<number>,
): OptionGroup[] {
  return nests
    .map((nest) => ({ ...nest, eggs: only ? nest.eggs.filter((egg) => only.has(egg.id)) : nest.eggs }))
    .filter((nest) => nest.eggs.length > 0)
    .map((nest) => ({
      group: nest.name,
      items: nest.eggs.map((egg) => ({ value: String(egg.id), label: egg.name })),
    }));
}

/** Package rows grouped by their game's name, in the order the games first appear. */
export function packageOptions(packages: AddonsAdditionalData): OptionGroup[] {
  const groups = new Map<string, OptionGroup['items']>();
  for (const pkg of packages) {
    const items = groups.get(pkg.game_name) ?? [];
    items.push({ value: String(pkg.id), label: pkg.name });
    groups.set(pkg.game_name, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
