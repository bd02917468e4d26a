/**
 * A server's limits on the panel (Pterodactyl's build), from its package and add-ons (product.md
 * "Entities and fields").
 */
import type { Server } from '@falkenhost/pterodactyl/types';
import type { AppContext } from '../platform/context';
import type { Addon, Package } from '../platform/db/schema';

/** Limits of a server on the panel: MB for memory, swap and disk, percent of one core for cpu. */
export interface ServerBuild {
  memory: number;
  swap: number;
  disk: number;
  io: number;
  cpu: number;
  databases: number;
  backups: number;
  allocations: number;
  /** player slots of the package, 0 unlimited: the value of the egg's slot variable (slot-variables.ts) */
  slots: number;
  /** the package's game, whose staff may name each egg's slot variable */
  gameId: number;
}

/**
 * A package's resources plus its add-ons (product.md "Entities and fields"; storage in GB). 0 memory, disk or
 * cpu is unlimited.
 */
export function serverBuild(
  pkg: Pick<
    Package,
    | 'ram_size'
    | 'swap'
    | 'storage_size'
    | 'io'
    | 'vcpu'
    | 'databases'
    | 'backups'
    | 'ports'
    | 'slots'
    | 'game_id'
  >,
  addons: Pick<Addon, 'type' | 'quantity'>[],
): ServerBuild {
  const extra = (type: string) =>
    addons.filter((a) => a.type === type).reduce((sum, a) => sum + a.quantity, 0);
  const storageGb = pkg.storage_size === 0 ? 0 : pkg.storage_size + extra('storage');
  return {
    memory: pkg.ram_size,
    swap: pkg.swap,
    disk: storageGb * 1024,
    io: Math.min(1000, Math.max(10, pkg.io)),
    cpu: pkg.vcpu,
    databases: pkg.databases + extra('databases'),
    backups: pkg.backups + extra('backups'),
    allocations: Math.max(1, pkg.ports),
    slots: pkg.slots,
    gameId: pkg.game_id,
  };
}

/**
 * True when the panel server's limits are `build` and its slot variable holds the build's slots (what the
 * reconciler compares).
 * @param slotVariable the server's egg's slot variable for the build's game (slot-variables.ts), or null
 */
export function buildMatches(
  server: Pick<Server, 'limits' | 'feature_limits' | 'container'>,
  build: ServerBuild,
  slotVariable: string | null,
): boolean {
  const { limits, feature_limits: features } = server;
  return (
    slotsMatch(server, slotVariable, build.slots) &&
    limits.memory === build.memory &&
    limits.swap === build.swap &&
    limits.disk === build.disk &&
    limits.io === build.io &&
    limits.cpu === build.cpu &&
    (features.databases ?? 0) === build.databases &&
    (features.backups ?? 0) === build.backups &&
    (features.allocations ?? 0) === build.allocations
  );
}

/** True when the panel server's slot variable holds `slots` (always, when unlimited or without one). */
export function slotsMatch(
  server: Pick<Server, 'container'>,
  slotVariable: string | null,
  slots: number,
): boolean {
  if (!slotVariable || slots <= 0) return true;
  return String(server.container.environment[slotVariable] ?? '') === String(slots);
}

/** The build a server should have now: its package's resources plus its add-ons'. */
export async function currentBuild(ctx: AppContext, userPackageId: number): Promise<ServerBuild> {
  const server = await ctx.db
    .selectFrom('user_packages')
    .select(['package_id'])
    .where('id', '=', userPackageId)
    .executeTakeFirstOrThrow();
  const pkg = await ctx.db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', server.package_id)
    .executeTakeFirstOrThrow();
  const addons = await ctx.db
    .selectFrom('user_package_addons as upa')
    .innerJoin('addons as a', 'a.id', 'upa.addon_id')
    .select(['a.type', 'a.quantity'])
    .where('upa.user_package_id', '=', userPackageId)
    .execute();
  return serverBuild(pkg, addons);
}
