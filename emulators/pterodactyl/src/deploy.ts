import { noViableAllocation, noViableNode } from './api/errors';
import { allocatedResources } from './api/transformers';
import type { EmulatorDatabase } from './state/database';
import type { AllocationRecord, NodeRecord } from './state/records';

/**
 * Whether a node can take `memory` and `disk` more (MB): existing + new <= size * (1 + overallocate/100);
 * an overallocate of -1 disables that check (panel's FindViableNodesService).
 */
export function nodeFits(db: EmulatorDatabase, node: NodeRecord, memory: number, disk: number): boolean {
  const used = allocatedResources(db, node.id);
  const fits = (total: number, size: number, over: number) => over < 0 || total <= size * (1 + over / 100);
  return (
    fits(used.memory + memory, node.memory, node.memory_overallocate) &&
    fits(used.disk + disk, node.disk, node.disk_overallocate)
  );
}

/**
 * Public nodes in the given locations (all when empty) that fit memory and disk (MB).
 * @throws PanelError 400 NoViableNodeException when none
 */
export function viableNodes(
  db: EmulatorDatabase,
  locations: number[],
  memory: number,
  disk: number,
): NodeRecord[] {
  const nodes = db.nodes.filter(
    (n) =>
      n.public &&
      (locations.length === 0 || locations.includes(n.location_id)) &&
      nodeFits(db, n, memory, disk),
  );
  if (nodes.length === 0) throw noViableNode();
  return nodes;
}

function portMatches(port: number, ranges: string[]): boolean {
  if (ranges.length === 0) return true;
  return ranges.some((range) => {
    const [lo, hi] = range.split('-').map((p) => Number.parseInt(p, 10));
    if (lo === undefined || Number.isNaN(lo)) return false;
    return hi === undefined || Number.isNaN(hi) ? port === lo : port >= lo && port <= hi;
  });
}

/**
 * A random free allocation on one of the nodes, within the port ranges (`"25565"` or `"25565-25600"`);
 * with `dedicatedIp` only on IPs no server uses yet.
 * @throws PanelError 400 NoViableAllocationException when none
 */
export function pickAllocation(
  db: EmulatorDatabase,
  nodes: NodeRecord[],
  dedicatedIp: boolean,
  portRanges: string[],
): AllocationRecord {
  const nodeIds = new Set(nodes.map((n) => n.id));
  const usedIps = new Set(
    db.allocations.filter((a) => a.server_id !== null).map((a) => `${a.node_id}/${a.ip}`),
  );
  const free = db.allocations.filter(
    (a) =>
      nodeIds.has(a.node_id) &&
      a.server_id === null &&
      portMatches(a.port, portRanges) &&
      (!dedicatedIp || !usedIps.has(`${a.node_id}/${a.ip}`)),
  );
  const picked = free[Math.floor(Math.random() * free.length)];
  if (!picked) throw noViableAllocation();
  return picked;
}
