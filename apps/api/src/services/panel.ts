/**
 * The product's use of the Pterodactyl panel (reference/pterodactyl.md): panel users, node choice,
 * server creation and clean-up. Names are Pterodactyl's: location, node, allocation, nest, egg.
 */
import type { PterodactylClient } from '@falkenhost/pterodactyl/client';
import type { AppContext } from '../context';
import type { Addon, Package, User } from '../db/schema';

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
}

/**
 * A package's resources plus its add-ons (spec 3: add-on quantities of type storage, databases or backups
 * add to the matching totals; storage in GB). 0 memory, disk or cpu is unlimited, as on the panel.
 */
export function serverBuild(
  pkg: Pick<
    Package,
    'ram_size' | 'swap' | 'storage_size' | 'io' | 'vcpu' | 'databases' | 'backups' | 'ports'
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
  };
}

/** The panel's nodes with these ids (the package's nodes). */
export async function packageNodes(ptero: PterodactylClient, nodeIds: number[]) {
  const nodes = await ptero.listNodes();
  return nodes.filter((n) => nodeIds.includes(n.id));
}

/**
 * A node of the package in the location with free memory, disk and an unassigned allocation
 * (architecture.md "Provisioning"), the one with the most free memory first. Allocations and room held
 * by orders still in flight (`allocation_claims`) count as taken, so concurrent orders on one node get
 * different allocations and do not overfill it (docs/decisions.md).
 * @returns null when none fits
 */
export async function findNodeWithRoom(
  ctx: AppContext,
  nodeIds: number[],
  locationId: number,
  build: ServerBuild,
): Promise<{ nodeId: number; allocationId: number } | null> {
  const nodes = (await packageNodes(ctx.pterodactyl, nodeIds)).filter(
    (n) => n.location_id === locationId && !n.maintenance_mode,
  );
  const claims = await ctx.db
    .selectFrom('allocation_claims')
    .select(['allocation_id', 'node_id', 'memory', 'disk'])
    .execute();
  const held = (nodeId: number, key: 'memory' | 'disk') =>
    claims.filter((c) => c.node_id === nodeId).reduce((sum, c) => sum + c[key], 0);
  const free = (n: (typeof nodes)[number]) => ({
    memory:
      n.memory * (1 + n.memory_overallocate / 100) - n.allocated_resources.memory - held(n.id, 'memory'),
    disk: n.disk * (1 + n.disk_overallocate / 100) - n.allocated_resources.disk - held(n.id, 'disk'),
  });
  const fitting = nodes
    .filter((n) => n.memory_overallocate < 0 || free(n).memory >= build.memory)
    .filter((n) => n.disk_overallocate < 0 || free(n).disk >= build.disk)
    .sort((a, b) => free(b).memory - free(a).memory);
  const claimed = new Set(claims.map((c) => c.allocation_id));
  for (const node of fitting) {
    const allocations = await ctx.pterodactyl.listNodeAllocations(node.id, { unassignedOnly: true });
    const allocation = allocations.find((a) => !a.assigned && !claimed.has(a.id));
    if (allocation) return { nodeId: node.id, allocationId: allocation.id };
  }
  return null;
}

/**
 * The customer's panel user, created once (external_id `falkenhost-user-<id>`); two concurrent first
 * orders both end with the same panel user.
 * @returns the panel user id
 */
export async function ensurePanelUser(ctx: AppContext, user: User): Promise<number> {
  if (user.ptero_user_id !== null) return user.ptero_user_id;
  const externalId = `falkenhost-user-${user.id}`;
  const existing = await ctx.pterodactyl.getUserByExternalId(externalId);
  let panelId = existing?.id;
  if (panelId === undefined) {
    try {
      const created = await ctx.pterodactyl.createUser({
        email: user.email,
        username: `fh_${user.username.toLowerCase()}_${user.id}`,
        first_name: user.first_name,
        last_name: user.last_name,
        external_id: externalId,
      });
      panelId = created.id;
    } catch (error) {
      const raced = await ctx.pterodactyl.getUserByExternalId(externalId);
      if (!raced) throw error;
      panelId = raced.id;
    }
  }
  await ctx.db.updateTable('users').set({ ptero_user_id: panelId }).where('id', '=', user.id).execute();
  return panelId;
}

/**
 * Creates the server on the panel with the egg's image, startup and variable defaults.
 * @throws PterodactylError as the panel answers (NoViableNodeException, 422 ValidationException, 504 ...)
 */
export async function createPanelServer(
  ctx: AppContext,
  input: {
    name: string;
    panelUserId: number;
    nestId: number;
    eggId: number;
    externalId: string;
    build: ServerBuild;
    allocationId: number;
  },
): Promise<{ id: number; uuid: string; identifier: string }> {
  const egg = await ctx.pterodactyl.getEgg(input.nestId, input.eggId, { includeVariables: true });
  const environment: Record<string, string> = {};
  for (const variable of egg.variables ?? [])
    environment[variable.env_variable] = variable.default_value ?? '';
  const server = await ctx.pterodactyl.createServer({
    name: input.name,
    user: input.panelUserId,
    egg: input.eggId,
    docker_image: egg.docker_image,
    startup: egg.startup,
    environment,
    limits: {
      memory: input.build.memory,
      swap: input.build.swap,
      disk: input.build.disk,
      io: input.build.io,
      cpu: input.build.cpu,
    },
    feature_limits: {
      databases: input.build.databases,
      backups: input.build.backups,
      allocations: input.build.allocations,
    },
    allocation: { default: input.allocationId },
    external_id: input.externalId,
    start_on_completion: true,
  });
  return { id: server.id, uuid: server.uuid, identifier: server.identifier };
}

/** Deletes the server with this external id if the panel has one (clean-up after a failure). */
export async function removePanelServer(ctx: AppContext, externalId: string): Promise<void> {
  const server = await ctx.pterodactyl.getServerByExternalId(externalId);
  if (server) await ctx.pterodactyl.deleteServer(server.id, { force: true });
}
