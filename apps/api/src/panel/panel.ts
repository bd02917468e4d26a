/**
 * The product's use of the Pterodactyl panel (reference/pterodactyl.md): panel users, node choice,
 * server creation and clean-up. Names are Pterodactyl's: location, node, allocation, nest, egg.
 */
import { randomBytes } from 'node:crypto';
import type { PterodactylClient } from '@falkenhost/pterodactyl/client';
import { isNotFound, isValidationError, type PterodactylError } from '@falkenhost/pterodactyl/errors';
import type { Location, Node, PanelUser, Server } from '@falkenhost/pterodactyl/types';
import { sql, type Transaction } from 'kysely';
import { clearPanelUserId, setPanelUserId } from '../identity/user-fields';
import type { AppContext } from '../platform/context';
import type { Dialect } from '../platform/db/dialect';
import type { Addon, Database, Package, User } from '../platform/db/schema';
import { gameVariables, serverEnvironment } from './egg-variables';
import { panelEgg } from './nests';

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

/**
 * How long the panel's nodes, locations and free allocations, once read, serve orders before they are
 * read again (decisions/112-placement-cache.md). Far below CLAIM_KEEP_MS: a claim finished after a
 * reading must still be in the database when that reading is used.
 */
export const PANEL_READING_FRESH_MS = 60_000;
/** Free allocations read per node beyond those held by orders in flight. */
const ALLOCATION_SLACK = 20;

interface Timed<T> {
  /** product clock, epoch ms */
  readAt: number;
  /** performance.now() when read: the product clock may stand still (tests) or leap (the demo) */
  readAtReal: number;
  value: Promise<T>;
}
/** What was read from one panel (per client, so each test's product has its own). */
interface PanelReading {
  nodes: Timed<Node[]> | null;
  locations: Timed<Location[]> | null;
  /** node id -> its unassigned allocation ids, in the panel's order */
  allocations: Map<number, Timed<number[]>>;
}
const readings = new WeakMap<PterodactylClient, PanelReading>();

function readingOf(ctx: AppContext): PanelReading {
  let reading = readings.get(ctx.pterodactyl);
  if (!reading) {
    reading = { nodes: null, locations: null, allocations: new Map() };
    readings.set(ctx.pterodactyl, reading);
  }
  return reading;
}

interface Slot<T> {
  get(): Timed<T> | null | undefined;
  set(value: Timed<T> | null): void;
}

/**
 * The slot's value when it was read less than PANEL_READING_FRESH_MS ago by both clocks (and, with
 * `after`, at or after that product-clock moment), else a new reading; a reading in flight is shared.
 * A failed reading is not kept.
 * @returns the reading and whether it was there before this call
 */
function cached<T>(
  ctx: AppContext,
  slot: Slot<T>,
  read: () => Promise<T>,
  after?: number,
): { timed: Timed<T>; hit: boolean } {
  const t = ctx.now();
  const real = performance.now();
  const current = slot.get();
  if (
    current &&
    t - current.readAt < PANEL_READING_FRESH_MS &&
    t >= current.readAt &&
    real - current.readAtReal < PANEL_READING_FRESH_MS &&
    (after === undefined || current.readAt >= after)
  )
    return { timed: current, hit: true };
  const timed: Timed<T> = { readAt: t, readAtReal: real, value: read() };
  slot.set(timed);
  timed.value.catch(() => {
    if (slot.get() === timed) slot.set(null);
  });
  return { timed, hit: false };
}

/** Forgets what was read from the panel: the next order reads it again (after a refused create). */
export function forgetPanelReading(ctx: AppContext): void {
  readings.delete(ctx.pterodactyl);
}

/**
 * All the panel's nodes, read at most once per PANEL_READING_FRESH_MS (`after`: read at or after that
 * moment, product clock).
 */
export async function panelNodes(
  ctx: AppContext,
  after?: number,
): Promise<{ timed: Timed<Node[]>; hit: boolean }> {
  const reading = readingOf(ctx);
  const slot: Slot<Node[]> = {
    get: () => reading.nodes,
    set: (v) => {
      reading.nodes = v;
    },
  };
  const found = cached(ctx, slot, () => ctx.pterodactyl.listNodes(), after);
  await found.timed.value;
  return found;
}

/** All the panel's locations, read at most once per PANEL_READING_FRESH_MS. */
export async function panelLocations(ctx: AppContext): Promise<Location[]> {
  const reading = readingOf(ctx);
  const slot: Slot<Location[]> = {
    get: () => reading.locations,
    set: (v) => {
      reading.locations = v;
    },
  };
  return cached(ctx, slot, () => ctx.pterodactyl.listLocations()).timed.value;
}

/** The panel's nodes with these ids (the package's nodes), from the cached reading. */
export async function packageNodes(ctx: AppContext, nodeIds: number[]): Promise<Node[]> {
  const nodes = await (await panelNodes(ctx)).timed.value;
  return nodes.filter((n) => nodeIds.includes(n.id));
}

/** Nodes that may take a server, with their room as the panel reported it at `readAt`. */
export interface Placement {
  /** when the oldest of the panel's figures used was read (epoch ms, product clock) */
  readAt: number;
  /** true when some figures came from an earlier reading: no room may mean "read again" */
  fromCache: boolean;
  nodes: Array<{
    nodeId: number;
    /** MB the panel allows on the node (with overallocation); Infinity when unlimited */
    memory: number;
    disk: number;
    /** MB the panel had allocated at `readAt` */
    allocatedMemory: number;
    allocatedDisk: number;
    /** unassigned allocations at `readAt`, in the panel's order (the first ones, not all) */
    allocationIds: number[];
  }>;
}

/**
 * True when some node of `placement` could hold `build` now (memory, disk and a free allocation), before
 * any claim: the check a card order makes before asking for money (issue 8). The claim after payment
 * decides for good.
 */
export function hasRoom(placement: Placement, build: ServerBuild): boolean {
  return placement.nodes.some(
    (n) =>
      n.allocationIds.length > 0 &&
      n.allocatedMemory + build.memory <= n.memory &&
      n.allocatedDisk + build.disk <= n.disk,
  );
}

/**
 * The package's nodes in the location that are not in maintenance, with their room and free
 * allocations, the one with the most free memory first (architecture.md "Provisioning"). The choice of
 * node and allocation is made in the order's transaction by `claimPlacement`. The panel is read at most
 * once per PANEL_READING_FRESH_MS, or now with `fresh`; per node only as many free allocations as
 * orders in flight hold plus a few, so an order's panel calls do not grow with the allocations
 * (decisions/112-placement-cache.md).
 */
export async function readPlacement(
  ctx: AppContext,
  nodeIds: number[],
  locationId: number,
  options: { fresh?: boolean } = {},
): Promise<Placement> {
  const asked = ctx.now();
  const after = options.fresh ? asked : undefined;
  const nodesRead = await panelNodes(ctx, after);
  const nodes = (await nodesRead.timed.value).filter(
    (n) => nodeIds.includes(n.id) && n.location_id === locationId && !n.maintenance_mode,
  );
  const inFlight = await ctx.db
    .selectFrom('allocation_claims')
    .select(['node_id', (eb) => eb.fn.countAll<number>().as('held')])
    .where('done_at', 'is', null)
    .groupBy('node_id')
    .execute();
  const held = new Map(inFlight.map((r) => [r.node_id, Number(r.held)]));
  const reading = readingOf(ctx);
  const limit = (size: number, over: number) =>
    over < 0 ? Number.POSITIVE_INFINITY : size * (1 + over / 100);
  let readAt = nodesRead.timed.readAt;
  let fromCache = nodesRead.hit;
  const rows = await Promise.all(
    nodes.map(async (n) => {
      const atLeast = (held.get(n.id) ?? 0) + ALLOCATION_SLACK;
      const slot: Slot<number[]> = {
        get: () => reading.allocations.get(n.id),
        set: (v) => {
          if (v) reading.allocations.set(n.id, v);
          else reading.allocations.delete(n.id);
        },
      };
      const free = cached(
        ctx,
        slot,
        async () =>
          (await ctx.pterodactyl.listNodeAllocations(n.id, { unassignedOnly: true, atLeast }))
            .filter((a) => !a.assigned)
            .map((a) => a.id),
        after,
      );
      const allocationIds = await free.timed.value;
      readAt = Math.min(readAt, free.timed.readAt);
      fromCache ||= free.hit;
      return {
        nodeId: n.id,
        memory: limit(n.memory, n.memory_overallocate),
        disk: limit(n.disk, n.disk_overallocate),
        allocatedMemory: n.allocated_resources.memory,
        allocatedDisk: n.allocated_resources.disk,
        allocationIds,
      };
    }),
  );
  rows.sort((a, b) => b.memory - b.allocatedMemory - (a.memory - a.allocatedMemory));
  return { readAt, fromCache, nodes: rows };
}

/**
 * Runs `attempt` (a claim, a room check) on the cached placement, and once more on a fresh reading of
 * the panel when it finds no room there: a cached reading may miss servers deleted or allocations added
 * since, so "no room" is only answered from figures read for this order.
 * @returns what `attempt` returned, null when there was no room in fresh figures either
 */
export async function withPlacement<T>(
  ctx: AppContext,
  nodeIds: number[],
  locationId: number,
  attempt: (placement: Placement) => Promise<T | null>,
): Promise<T | null> {
  const placement = await readPlacement(ctx, nodeIds, locationId);
  const first = await attempt(placement);
  if (first !== null || !placement.fromCache) return first;
  return attempt(await readPlacement(ctx, nodeIds, locationId, { fresh: true }));
}

/**
 * Takes a node and an allocation for `userPackageId` inside the order's transaction: the first node that
 * still has room for `build` once every claim not yet in the panel's figures is counted (orders in flight,
 * and those done after the figures were read), and its first allocation no other claim holds. On
 * PostgreSQL the node's claims are locked for the transaction, so concurrent orders on one node take
 * turns; SQLite runs one transaction at a time.
 * @returns the node and allocation, or null when no node has room (the caller answers resources)
 */
export async function claimPlacement(
  trx: Transaction<Database>,
  dialect: Dialect,
  placement: Placement,
  build: ServerBuild,
  userPackageId: number,
  now: number,
): Promise<{ nodeId: number; allocationId: number } | null> {
  for (const node of placement.nodes) {
    if (dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(${7_000_000 + node.nodeId})`.execute(trx);
    const held = await trx
      .selectFrom('allocation_claims')
      .select(['allocation_id', 'memory', 'disk', 'done_at'])
      .where('node_id', '=', node.nodeId)
      .execute();
    const pending = held.filter((c) => c.done_at === null || c.done_at > placement.readAt);
    const memory = node.allocatedMemory + pending.reduce((sum, c) => sum + c.memory, 0) + build.memory;
    const disk = node.allocatedDisk + pending.reduce((sum, c) => sum + c.disk, 0) + build.disk;
    if (memory > node.memory || disk > node.disk) continue;
    // An allocation a claim took after the figures were read still looks free in them.
    const taken = new Set(pending.map((c) => c.allocation_id));
    for (const allocationId of node.allocationIds) {
      if (taken.has(allocationId)) continue;
      // A claim left from an earlier, finished order on a now free allocation is taken over.
      const claimed = await trx
        .insertInto('allocation_claims')
        .values({
          allocation_id: allocationId,
          node_id: node.nodeId,
          user_package_id: userPackageId,
          memory: build.memory,
          disk: build.disk,
          created_at: now,
          done_at: null,
        })
        .onConflict((oc) =>
          oc
            .column('allocation_id')
            .doUpdateSet({
              node_id: node.nodeId,
              user_package_id: userPackageId,
              memory: build.memory,
              disk: build.disk,
              created_at: now,
              done_at: null,
            })
            .where('allocation_claims.done_at', 'is not', null),
        )
        .returning('allocation_id')
        .executeTakeFirst();
      if (claimed) return { nodeId: node.nodeId, allocationId };
    }
  }
  return null;
}

/** Claims done for longer than this are in every later reading of the panel: they are dropped. */
export const CLAIM_KEEP_MS = 10 * 60_000;

/** Drops finished claims older than CLAIM_KEEP_MS. @returns how many */
export async function pruneAllocationClaims(ctx: AppContext): Promise<number> {
  const result = await ctx.db
    .deleteFrom('allocation_claims')
    .where('done_at', '<', ctx.now() - CLAIM_KEEP_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many numbered variants of a taken panel username are tried before a random one. */
const USERNAME_VARIANTS = 5;

/**
 * The customer's panel user (docs/decisions/151-existing-panel-accounts.md):
 * - the one we made before (external_id `falkenhost-user-<id>`);
 * - else the panel account that already has the customer's verified e-mail (exact, case-insensitive, as
 *   the panel's unique index compares), adopted as it is: we change nothing of it;
 * - else a new one. A username taken in the panel gets a free variant (`_2`, `_3` ..., then random).
 * A panel administrator's account (root_admin), an account another Falkenhost customer holds, or an
 * e-mail not verified with us is never adopted: the new account then gets the address's `+falkenhost-<id>`
 * sub-address, which the panel accepts as unique and which reaches the same mailbox.
 * Two concurrent first orders both end with the same panel user.
 * @returns the panel user id
 * @throws PterodactylError when the panel refuses for another reason or cannot be reached
 */
export async function ensurePanelUser(ctx: AppContext, user: User): Promise<number> {
  if (user.ptero_user_id !== null) return user.ptero_user_id;
  const panelId = await findOrCreatePanelUser(ctx, user);
  await setPanelUserId(ctx.db, user.id, panelId);
  return panelId;
}

async function findOrCreatePanelUser(ctx: AppContext, user: User): Promise<number> {
  const externalId = `falkenhost-user-${user.id}`;
  const ours = await ctx.pterodactyl.getUserByExternalId(externalId);
  if (ours) return ours.id;
  let email = user.email;
  const [holder] = await ctx.pterodactyl.listUsersByEmail(user.email);
  if (holder) {
    if (adoptable(holder, user)) {
      ctx.log.info(
        { userId: user.id, panelUserId: holder.id },
        'the customer already has a panel account; their servers go under it',
      );
      return holder.id;
    }
    email = subAddress(user.email, user.id);
  }
  const base = `fh_${user.username.toLowerCase()}_${user.id}`;
  for (let attempt = 1; ; attempt++) {
    const username =
      attempt === 1
        ? base
        : attempt <= USERNAME_VARIANTS
          ? `${base}_${attempt}`
          : `${base}_${randomBytes(3).toString('hex')}`;
    try {
      const created = await ctx.pterodactyl.createUser({
        email,
        username,
        first_name: user.first_name,
        last_name: user.last_name,
        external_id: externalId,
      });
      return created.id;
    } catch (error) {
      // A concurrent first order made it meanwhile.
      const raced = await ctx.pterodactyl.getUserByExternalId(externalId);
      if (raced) return raced.id;
      if (!taken(error, 'username') || attempt > USERNAME_VARIANTS) throw error;
    }
  }
}

/**
 * The customer's panel user, confirmed on the panel before a repair gives it a server (services/
 * panel-reconciler.ts): a panel restored from an older backup may have lost the recorded account, or given
 * its id to someone else. The recorded id is kept when that account carries our external id, or is the
 * adoptable account with the customer's e-mail; otherwise it is forgotten and found or made again as
 * `ensurePanelUser` does. One request when all is well.
 * @returns the panel user id
 * @throws PterodactylError when the panel cannot be asked or refuses
 */
export async function confirmPanelUser(ctx: AppContext, user: User): Promise<number> {
  if (user.ptero_user_id !== null) {
    const recorded = await ctx.pterodactyl.getUser(user.ptero_user_id).catch((error) => {
      if (isNotFound(error)) return null;
      throw error;
    });
    if (
      recorded &&
      (recorded.external_id === `falkenhost-user-${user.id}` ||
        (recorded.email.toLowerCase() === user.email.toLowerCase() && adoptable(recorded, user)))
    )
      return recorded.id;
    ctx.log.warn(
      { userId: user.id, panelUserId: user.ptero_user_id },
      "the panel no longer has the customer's panel user under its id; found or made again",
    );
    await clearPanelUserId(ctx.db, user.id, user.ptero_user_id);
  }
  return ensurePanelUser(ctx, { ...user, ptero_user_id: null });
}

/**
 * An existing panel account the customer may get their servers under: not a panel administrator (whose
 * account the store must never be tied to), not held by another of our customers, and only for an e-mail
 * the customer proved to own.
 */
function adoptable(holder: PanelUser, user: User): boolean {
  if (user.email_verified !== 1 || holder.root_admin) return false;
  const externalId = holder.external_id ?? '';
  return !externalId.startsWith('falkenhost-user-') || externalId === `falkenhost-user-${user.id}`;
}

/** `name@host` -> `name+falkenhost-<id>@host` (RFC 5233 sub-address). */
function subAddress(email: string, userId: number): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}+falkenhost-${userId}${email.slice(at)}`;
}

/** A 422 of the panel naming `field` as taken (its `unique` rule). */
function taken(error: unknown, field: string): boolean {
  return (
    isValidationError(error) &&
    (error as PterodactylError).errors.some(
      (e) => e.meta?.source_field === field && (e.meta.rule === 'unique' || /taken/i.test(e.detail)),
    )
  );
}

/**
 * Creates the server on the panel with the egg's image and startup, and its variables: each default,
 * staff's value on the game over it, the server's own value (the customer's) over that.
 * @throws PterodactylError as the panel answers (NoViableNodeException, 422 ValidationException, 504 ...)
 */
export async function createPanelServer(
  ctx: AppContext,
  input: {
    name: string;
    panelUserId: number;
    eggId: number;
    gameId: number;
    /** the server's own egg variable values (env_variable -> value) */
    variables: Record<string, string>;
    externalId: string;
    build: ServerBuild;
    allocationId: number;
  },
): Promise<{ id: number; uuid: string; identifier: string }> {
  const egg = await panelEgg(ctx, input.eggId);
  if (!egg) throw new Error(`the panel has no egg ${input.eggId}`);
  const environment = serverEnvironment(egg, await gameVariables(ctx, input.gameId), input.variables);
  // A refusal (an allocation taken meanwhile, a node full) means the cached reading is out of date.
  const server = await ctx.pterodactyl
    .createServer({
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
    })
    .catch((error: unknown) => {
      forgetPanelReading(ctx);
      throw error;
    });
  return { id: server.id, uuid: server.uuid, identifier: server.identifier };
}

/** Deletes the server with this external id if the panel has one (clean-up after a failure). */
export async function removePanelServer(ctx: AppContext, externalId: string): Promise<void> {
  const server = await ctx.pterodactyl.getServerByExternalId(externalId);
  if (server) await ctx.pterodactyl.deleteServer(server.id, { force: true });
}

/**
 * Sets a panel server's limits to `build`, keeping its allocation (PATCH /servers/{id}/build).
 * @param current the panel's server as just read and confirmed ours (panel/panel-ownership.ts)
 * @throws the panel client's errors as they are (404 when the server is gone)
 */
export async function pushBuild(
  ctx: AppContext,
  current: Pick<Server, 'id' | 'allocation'>,
  build: ServerBuild,
): Promise<void> {
  await ctx.pterodactyl.updateServerBuild(current.id, {
    allocation: current.allocation,
    limits: { memory: build.memory, swap: build.swap, disk: build.disk, io: build.io, cpu: build.cpu },
    feature_limits: { databases: build.databases, backups: build.backups, allocations: build.allocations },
  });
}

/** True when the panel server's limits are `build` (what the reconciler compares). */
export function buildMatches(server: Pick<Server, 'limits' | 'feature_limits'>, build: ServerBuild): boolean {
  const { limits, feature_limits: features } = server;
  return (
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

/**
 * The build a server should have now: its package's resources plus its add-ons' (the panel queue's
 * `build` task after a staff edit of the package or an add-on).
 */
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
