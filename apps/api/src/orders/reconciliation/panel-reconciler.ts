/**
 * The panel reconciler (issue 28 point 7; docs/decisions/152-panel-reconciler.md): compares the servers
 * customers pay for (user_packages paid, suspended or cancelled) with the panel's servers, matched by our
 * `external_id`, and repairs what drifted:
 * - a paid server the panel no longer has is made again (same external id, a new node claim); when no
 *   node has room, it is closed and refunded: an hourly one its prepaid hour in credits, a monthly one
 *   the unused share of its month through Mollie;
 * - a build that differs from package plus add-ons, a suspension that differs from ours, and an owner
 *   that is not the customer's panel user are set back to ours;
 * - a panel server with our external id and another uuid than we recorded is taken as ours when the
 *   customer's panel user owns it (a repair that crashed before recording it), else reported;
 * - a panel server with our external id and no server row that should have one is reported, never
 *   deleted.
 * Every repair and report is written to the audit log (entity `server`). The panel's list is read in
 * pages of 100; a server is read again on its own only before it is repaired (the list may be older than
 * our rows), and at most `MAX_REPAIRS` repairs are made per run, so one run stays well inside the
 * panel's request budget. Run at start-up and every `PANEL_RECONCILE_INTERVAL_MS` by the jobs.
 */

import type { PanelServer as Server } from '../../panel/port';
import { buildMatches, type ServerBuild, serverBuild } from '../../panel/server-build';
import { slotVariableLookup } from '../../panel/slot-variables';
import { MINUTE_MS } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { repairServer } from './reconcile-drift';
import { IN_FLIGHT, LIVE, type LiveRow } from './reconcile-rows';
import { reportStray } from './reconcile-strays';

/** How often the jobs run the reconciler (wall-clock time, whatever the demo clock does). */
export const PANEL_RECONCILE_INTERVAL_MS = 10 * MINUTE_MS;
/** Repairs made per run at most; the rest waits for the next run. */
export const MAX_REPAIRS = 20;
const OUR_EXTERNAL_ID = /^falkenhost-server-(\d+)$/;

export interface PanelReconcileResult {
  /** panel servers carrying our external id */
  panelServers: number;
  /** live server rows compared */
  checked: number;
  /** panel servers made again */
  recreated: number;
  /** hourly servers closed and refunded for want of room */
  refunded: number;
  /** builds, suspensions, owners and recorded uuids set back */
  repaired: number;
  /** reported to staff (stray panel servers, monthly servers that cannot be made again) */
  reported: number;
  /** repairs that failed (retried next run) */
  failed: number;
}

/**
 * One run of the reconciler.
 * @param options.maxRepairs repairs per run (default MAX_REPAIRS)
 * @returns what it found and did
 * @throws PterodactylError when the panel's server list cannot be read (nothing is changed)
 */
export async function reconcilePanel(
  ctx: AppContext,
  options: { maxRepairs?: number } = {},
): Promise<PanelReconcileResult> {
  const result: PanelReconcileResult = {
    panelServers: 0,
    checked: 0,
    recreated: 0,
    refunded: 0,
    repaired: 0,
    reported: 0,
    failed: 0,
  };
  // The panel first, our rows after: a row made after the list was read is then not taken as missing
  // without the fresh look `repairServer` takes.
  const listed = new Map<number, Server>();
  for (const server of await ctx.panel.listServers()) {
    const match = OUR_EXTERNAL_ID.exec(server.external_id ?? '');
    if (match) listed.set(Number(match[1]), server);
  }
  result.panelServers = listed.size;
  const rows = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select([
      'up.id',
      'up.user_id',
      'up.status',
      'up.billing_type',
      'up.name',
      'up.package_id',
      'up.egg_id',
      'up.nest_id',
      'up.location_id',
      'up.ptero_server_id',
      'up.ptero_server_uuid',
      'up.billed_until',
      'up.credits_monthly',
      'up.changing_since',
      'u.ptero_user_id',
    ])
    .where('up.status', 'in', [...LIVE, ...IN_FLIGHT])
    .execute();
  const builds = await wantedBuilds(
    ctx,
    rows.filter((r) => LIVE.includes(r.status)),
  );
  const slotVariable = await slotVariableLookup(ctx);
  let budget = options.maxRepairs ?? MAX_REPAIRS;
  const known = new Set<number>();
  for (const row of rows) {
    known.add(row.id);
    if (!LIVE.includes(row.status) || row.ptero_server_uuid === null) continue;
    result.checked += 1;
    const panel = listed.get(row.id);
    const build = builds.get(row.id);
    if (
      panel &&
      build &&
      panel.uuid === row.ptero_server_uuid &&
      panel.user === row.ptero_user_id &&
      panel.suspended === (row.status === 'suspended') &&
      buildMatches(panel, build, await slotVariable(build.gameId, panel.egg))
    )
      continue;
    if (budget <= 0) continue;
    budget -= 1;
    try {
      const outcome = await repairServer(ctx, row);
      if (outcome === 'recreated') result.recreated += 1;
      else if (outcome === 'refunded') result.refunded += 1;
      else if (outcome === 'repaired') result.repaired += 1;
      else if (outcome === 'reported') result.reported += 1;
    } catch (error) {
      result.failed += 1;
      ctx.log.warn(
        { err: error, userPackageId: row.id },
        'repairing a panel server failed; retried next run',
      );
    }
  }
  for (const [userPackageId, server] of listed) {
    if (known.has(userPackageId)) continue;
    if (await reportStray(ctx, userPackageId, server)) result.reported += 1;
  }
  return result;
}

/** Package plus add-ons of each row, read in two queries. */
async function wantedBuilds(ctx: AppContext, rows: LiveRow[]): Promise<Map<number, ServerBuild>> {
  const builds = new Map<number, ServerBuild>();
  if (rows.length === 0) return builds;
  const packages = new Map(
    (await ctx.db.selectFrom('packages').selectAll().execute()).map((p) => [p.id, p] as const),
  );
  const addons = new Map<number, Array<{ type: string; quantity: number }>>();
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((r) => r.id);
    const found = await ctx.db
      .selectFrom('user_package_addons as upa')
      .innerJoin('addons as a', 'a.id', 'upa.addon_id')
      .select(['upa.user_package_id', 'a.type', 'a.quantity'])
      .where('upa.user_package_id', 'in', ids)
      .execute();
    for (const a of found) addons.set(a.user_package_id, [...(addons.get(a.user_package_id) ?? []), a]);
  }
  for (const row of rows) {
    const pkg = packages.get(row.package_id);
    if (pkg) builds.set(row.id, serverBuild(pkg, addons.get(row.id) ?? []));
  }
  return builds;
}
