import { noViableAllocation } from '@falkenhost/pterodactyl-emulator/api/errors';
import { allocatedResources } from './api/transformers';
import type { AllocationRecord, NodeRecord, PelicanDatabase } from './state/records';

/**
 * Node::isViable: each of memory and disk (MB) and cpu (%) fits when the node's size is 0 (unlimited), its
 * overallocation is negative, or the servers' sum plus the new amount stays within size * (1 + over/100).
 */
export function nodeIsViable(
  db: PelicanDatabase,
  node: NodeRecord,
  memory: number,
  disk: number,
  cpu: number,
): boolean {
  const used = allocatedResources(db, node.id);
  const fits = (sum: number, size: number, over: number) =>
    size <= 0 || over < 0 || sum <= size * (1 + over / 100);
  return (
    fits(used.memory + memory, node.memory, node.memory_overallocate) &&
    fits(used.disk + disk, node.disk, node.disk_overallocate) &&
    fits(used.cpu + cpu, node.cpu, node.cpu_overallocate)
  );
}

/**
 * FindViableNodesService: public nodes carrying any one of `tags` (every public node when `tags` is
 * empty) on which the amounts fit; an empty list when none (the caller decides what that means).
 */
export function viableNodes(
  db: PelicanDatabase,
  memory: number,
  disk: number,
  cpu: number,
  tags: string[],
): NodeRecord[] {
  return db.nodes.filter(
    (n) =>
      n.public &&
      (tags.length === 0 || n.tags.some((t) => tags.includes(t))) &&
      nodeIsViable(db, n, memory, disk, cpu),
  );
}

function portMatches(port: number, ranges: string[]): boolean {
  return ranges.some((range) => {
    const [lo, hi] = range.split('-').map((p) => Number.parseInt(p, 10));
    if (lo === undefined || Number.isNaN(lo)) return false;
    return hi === undefined || Number.isNaN(hi) ? port === lo : port >= lo && port <= hi;
  });
}

/**
 * AllocationSelectionService: a random free allocation on one of the nodes whose port is in `portRanges`
 * (`"25565"` or `"25565-25600"`); with `dedicatedIp`, only on IPs no server uses yet.
 * @throws PanelError 400 NoViableAllocationException when none
 */
export function pickAllocation(
  db: PelicanDatabase,
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
