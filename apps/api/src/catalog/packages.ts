/**
 * What a customer may order: package, egg, location, one add-on per type (product.md "Screens and routes",
 * "States and transitions", "Validation rules").
 * `oneAddonPerType` is the one place the rule "one add-on per type per server" is written
 * (docs/decisions/065-add-ons-per-type.md): the order's add-ons, an add-on bought later and the add-ons
 * offered to a running server are all checked by it.
 */
import type { Variables } from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import type { StoreLocation } from '@falkenhost/contracts/store';
import { checkOrderVariables } from '../panel/egg-variables';
import { packageNodes, panelLocations } from '../panel/placement';
import type { AppContext } from '../platform/context';
import type { Addon, Package } from '../platform/db/schema';
import { AppError } from '../platform/errors';

export interface OrderablePackage {
  pkg: Package;
  nestId: number;
  nodeIds: number[];
  addons: Addon[];
  /** package plus add-ons, credit units per month */
  monthlyUnits: number;
  /** the customer's egg variable values, checked by the egg's rules (env_variable -> value) */
  variables: Record<string, string>;
}

/** A package the user may see and buy: active, and public or made for this user. */
export async function findOrderablePackage(
  ctx: AppContext,
  userId: number,
  packageId: number,
): Promise<Package> {
  const pkg = await ctx.db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', packageId)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('target_user_id', 'is', null), eb('target_user_id', '=', userId)]))
    .executeTakeFirst();
  if (!pkg) throw new AppError(400, REASONS.unknown);
  return pkg;
}

export async function nodeIdsOf(ctx: AppContext, packageId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('package_nodes')
    .select('node_id')
    .where('package_id', '=', packageId)
    .execute();
  return rows.map((r) => r.node_id);
}

/** The active add-ons offered for a package. */
export async function addonsOfPackage(ctx: AppContext, packageId: number): Promise<Addon[]> {
  return ctx.db
    .selectFrom('addons')
    .innerJoin('addon_packages', 'addon_packages.addon_id', 'addons.id')
    .selectAll('addons')
    .where('addon_packages.package_id', '=', packageId)
    .where('addons.active', '=', 1)
    .orderBy('addons.type')
    .orderBy('addons.credits_monthly')
    .execute();
}

/**
 * Locations of a package's nodes (product.md "Entities and fields" ("Location for ordering")), from the
 * cached panel reading.
 */
export async function packageLocations(ctx: AppContext, packageId: number): Promise<StoreLocation[]> {
  const nodes = await packageNodes(ctx, await nodeIdsOf(ctx, packageId));
  const ids = new Set(nodes.map((n) => n.location_id));
  const locations = await panelLocations(ctx);
  return locations
    .filter((l) => ids.has(l.id))
    .map((l) => ({ id: l.id, code: l.short, name: l.long ?? l.short }));
}

/**
 * Checks an order's package, egg, location, add-ons and the egg variables the customer must give.
 * @throws AppError 400 unknown when any is not offered, 400 variable (egg-variables.ts); nothing written
 */
export async function loadOrderablePackage(
  ctx: AppContext,
  userId: number,
  order: { packageId: number; eggId: number; locationId: number; addonIds: number[]; variables: Variables },
): Promise<OrderablePackage> {
  const { packageId, eggId, locationId, addonIds } = order;
  const pkg = await findOrderablePackage(ctx, userId, packageId);
  const egg = await ctx.db
    .selectFrom('package_eggs')
    .select('nest_id')
    .where('package_id', '=', pkg.id)
    .where('egg_id', '=', eggId)
    .executeTakeFirst();
  if (!egg) throw new AppError(400, REASONS.unknown);
  const locations = await packageLocations(ctx, pkg.id);
  if (!locations.some((l) => l.id === locationId)) throw new AppError(400, REASONS.unknown);

  const offered = await addonsOfPackage(ctx, pkg.id);
  const unique = [...new Set(addonIds)];
  const addons = unique.map((id) => offered.find((a) => a.id === id));
  if (addons.some((a) => a === undefined) || unique.length !== addonIds.length)
    throw new AppError(400, REASONS.unknown);
  const chosen = addons as Addon[];
  if (!oneAddonPerType(chosen)) throw new AppError(400, REASONS.unknown);

  const variables = await checkOrderVariables(ctx, pkg, eggId, order.variables);
  return {
    pkg,
    nestId: egg.nest_id,
    variables,
    nodeIds: await nodeIdsOf(ctx, pkg.id),
    addons: chosen,
    monthlyUnits: pkg.credits_monthly + chosen.reduce((sum, a) => sum + a.credits_monthly, 0),
  };
}

/**
 * product.md "States and transitions": only one add-on per type can exist on a server
 * (docs/decisions/065-add-ons-per-type.md; the database's primary key of `user_package_addons` keeps it too).
 * True when no two of `addons` share a type. Checked on an order's add-ons (`loadOrderablePackage`), and with
 * the server's own on an add-on bought later (servers/changes/server-changes.ts) and on each add-on offered
 * to a running server (servers/changes/change-offers.ts).
 * @param addons add-ons by their `type` (an add-on type of contracts' ADDON_TYPES)
 */
export function oneAddonPerType(addons: ReadonlyArray<{ type: string }>): boolean {
  return new Set(addons.map((a) => a.type)).size === addons.length;
}
