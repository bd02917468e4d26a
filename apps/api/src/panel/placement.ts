/** Where a new server goes: cached panel readings and the claim (decisions/112-placement-cache.md). */
import type { PterodactylClient } from '@falkenhost/pterodactyl/client';
import type { Location, Node } from '@falkenhost/pterodactyl/types';
import { sql, type Transaction } from 'kysely';
import { MINUTE_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import type { Dialect } from '../platform/db/dialect';
import type { Database } from '../platform/db/schema';
import type { ServerBuild } from './server-build';

/**
 * How long a reading serves orders (decision 407: 5 min, was 1 min in 112). Our own servers are counted by
 * the claims, and a refused create forgets the reading. Below CLAIM_KEEP_MS, so a claim finished after a
 * reading is still in the database when the reading is used.
 */
export const PANEL_READING_FRESH_MS = 5 * MINUTE_MS;
/** Free allocations read per node beyond those held by orders in flight. */
const ALLOCATION_SLACK = 20;

interface Timed<T> {
  /** product clock, epoch ms */
  readAt: number;
  /** performance.now() when read: the product clock may stand still (tests) or leap (the demo) */
  readAtReal: number;
  value: Promise<T>;
}
interface PanelReading {
  nodes: Timed<Node[]> | null;
  locations: Timed<Location[]> | null;
  allocations: Map<number, Timed<number[]>>;
}
const readings = new WeakMap<PterodactylClient, PanelReading>();

function readingOf(ctx: AppContext): PanelReading {
  let reading = readings.get(ctx.panel);
  if (!reading) {
    reading = { nodes: null, locations: null, allocations: new Map() };
    readings.set(ctx.panel, reading);
  }
  return reading;
}

interface Slot<T> {
  get(): Timed<T> | null | undefined;
  set(value: Timed<T> | null): void;
}

/** The slot's reading if fresh by both clocks (and at or after `after`), else a new one, shared in flight. */
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
  readings.delete(ctx.panel);
}

/** All the panel's nodes, from a fresh reading (`after`: read at or after that moment, product clock). */
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
  const found = cached(ctx, slot, () => ctx.panel.listNodes(), after);
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
  return cached(ctx, slot, () => ctx.panel.listLocations()).timed.value;
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

/** True when some node could hold `build` before any claim: a card order's check before payment. */
export function hasRoom(placement: Placement, build: ServerBuild): boolean {
  return placement.nodes.some(
    (n) =>
      n.allocationIds.length > 0 &&
      n.allocatedMemory + build.memory <= n.memory &&
      n.allocatedDisk + build.disk <= n.disk,
  );
}

/** The package's nodes in the location, most free memory first (money-and-billing.md "Provisioning"). */
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
          (await ctx.panel.listNodeAllocations(n.id, { unassignedOnly: true, atLeast }))
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
 * Runs `attempt` on the cached placement, and again on a fresh reading when it finds no room.
 * @returns what `attempt` returned, null when a fresh reading has no room either
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
 * Takes a node and an allocation for `userPackageId` in the order's transaction, counting every claim not
 * yet in the panel's figures. On PostgreSQL the node's claims are locked, so concurrent orders take turns.
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
export const CLAIM_KEEP_MS = 10 * MINUTE_MS;

/** Drops finished claims older than CLAIM_KEEP_MS. @returns how many */
export async function pruneAllocationClaims(ctx: AppContext): Promise<number> {
  const result = await ctx.db
    .deleteFrom('allocation_claims')
    .where('done_at', '<', ctx.now() - CLAIM_KEEP_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
