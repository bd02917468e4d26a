/**
 * The panel side of an add-on or package change: node room, build, change lock and crash recovery
 * (docs/decisions/063-hourly-server-changes.md).
 */
import { REASONS } from '@falkenhost/contracts/errors';
import { confirmPanelServer, ForeignPanelServerError } from '../../panel/panel-ownership';
import { pushBuild } from '../../panel/panel-servers';
import type { PanelServer as Server } from '../../panel/port';
import { type ServerBuild, serverBuild } from '../../panel/server-build';
import type { AppContext } from '../../platform/context';
import type { UserPackage } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { loadOwnedServer } from '../owned-server';
import { CHANGE_STALE_MS, lockServerChange, releaseServerChange } from '../server-records';

/**
 * Checks the server's node can hold `build` in place of its current limits, as the panel counts room.
 * @param current the panel's server, confirmed ours (`panelServerForChange`)
 * @throws AppError 502 panel when the node cannot be read; 400 resources when it has no room
 */
export async function assertNodeRoom(ctx: AppContext, current: Server, build: ServerBuild): Promise<void> {
  const node = await ctx.panel.getNode(current.node).catch((error) => {
    throw new AppError(502, REASONS.panel, error instanceof Error ? error.message : undefined);
  });
  const room = (limit: number, over: number, allocated: number, own: number) =>
    over < 0 ? Number.POSITIVE_INFINITY : limit * (1 + over / 100) - allocated + own;
  const memory = room(
    node.memory,
    node.memory_overallocate,
    node.allocated_resources.memory,
    current.limits.memory,
  );
  const disk = room(node.disk, node.disk_overallocate, node.allocated_resources.disk, current.limits.disk);
  if (build.memory > memory || build.disk > disk) throw new AppError(400, REASONS.resources);
}

/** Holds the server's change lock while `change` runs. @throws AppError 409 busy when another holds it */
export async function withServerChange<T>(
  ctx: AppContext,
  serverId: number,
  change: () => Promise<T>,
): Promise<T> {
  const t = ctx.now();
  if (!(await lockServerChange(ctx.db, serverId, t))) throw new AppError(409, REASONS.busy);
  try {
    return await change();
  } finally {
    await releaseServerChange(ctx.db, serverId, t);
  }
}

/**
 * The panel's server of `server`, confirmed ours: one lookup serves room check, change and revert.
 * @throws AppError 409 server-state (never made), 502 panel (unreachable, missing or not the one recorded)
 */
export async function panelServerForChange(ctx: AppContext, server: UserPackage): Promise<Server> {
  if (server.ptero_server_id === null) throw new AppError(409, REASONS.serverState);
  let current: Server | null;
  try {
    current = await confirmPanelServer(ctx, server);
  } catch (error) {
    throw new AppError(502, REASONS.panel, error instanceof Error ? error.message : undefined);
  }
  if (!current) throw new AppError(502, REASONS.panel, 'the panel has no server for it');
  return current;
}

/** Sets the server's build on the panel. @throws AppError 502 panel when refused or unreachable */
export async function applyBuild(ctx: AppContext, current: Server, build: ServerBuild): Promise<void> {
  try {
    await pushBuild(ctx, current, build);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(502, REASONS.panel, error instanceof Error ? error.message : undefined);
  }
}

/**
 * Finishes changes a crash interrupted: puts the panel's build back to what our database holds, then
 * releases the lock. Answers how many servers were reconciled.
 */
export async function reconcileServerChanges(ctx: AppContext): Promise<number> {
  const stale = await ctx.db
    .selectFrom('user_packages')
    .select('id')
    .where('changing_since', '<', ctx.now() - CHANGE_STALE_MS)
    .execute();
  let done = 0;
  for (const { id } of stale) {
    const server = await ctx.db
      .selectFrom('user_packages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!server) continue;
    try {
      const owned = await loadOwnedServer(ctx, server.user_id, id);
      // A server gone, never made or not ours is left to the panel reconciler.
      const current = server.ptero_server_id === null ? null : await confirmPanelServer(ctx, server);
      if (current) await applyBuild(ctx, current, serverBuild(owned.pkg, owned.addons));
    } catch (error) {
      // A panel that cannot be reached is asked again next time.
      if (
        !(error instanceof AppError || error instanceof ForeignPanelServerError) ||
        (error instanceof AppError && error.status >= 500)
      ) {
        ctx.log.warn({ err: error, serverId: id }, 'reconciling an interrupted change failed; retried later');
        continue;
      }
    }
    await releaseServerChange(ctx.db, id, server.changing_since);
    done += 1;
  }
  return done;
}
