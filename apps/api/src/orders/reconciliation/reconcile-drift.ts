/**
 * One server's repair by the panel reconciler: its panel server's uuid, owner, build and suspension are
 * set back to ours; a lost one is made again or refunded (reconcile-lost-servers.ts).
 */
import { serverExternalId } from '../../panel/panel-ownership';
import { pushBuild } from '../../panel/panel-servers';
import { confirmPanelUser } from '../../panel/panel-users';
import { buildMatches, currentBuild } from '../../panel/server-build';
import { slotVariableFor } from '../../panel/slot-variables';
import { recordSystemAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import {
  lockServerChange,
  recordPanelServer,
  releaseServerChange,
  setPanelSuspended,
} from '../../servers/server-records';
import { recreateOrRefund } from './reconcile-lost-servers';
import { LIVE, type LiveRow, type Outcome, userOf } from './reconcile-rows';
import { reportStray } from './reconcile-strays';

/**
 * Repairs one server under its change lock (no add-on or package change runs meanwhile), after reading
 * our row and the panel's server again.
 * @returns what was done; 'unchanged' when the lock is held, a panel task is pending or nothing drifted
 * @throws the panel's and Mollie's errors as they come (the run counts the repair failed and retries it)
 */
export async function repairServer(ctx: AppContext, listedRow: LiveRow): Promise<Outcome> {
  const t = ctx.now();
  if (!(await lockServerChange(ctx.db, listedRow.id, t))) return 'unchanged';
  try {
    const row = await ctx.db
      .selectFrom('user_packages as up')
      .innerJoin('users as u', 'u.id', 'up.user_id')
      .selectAll('up')
      .select('u.ptero_user_id')
      .where('up.id', '=', listedRow.id)
      .executeTakeFirstOrThrow();
    if (!LIVE.includes(row.status) || row.ptero_server_uuid === null) return 'unchanged';
    // Calls the panel queue still has to make for it bring it in line themselves.
    const queued = await ctx.db
      .selectFrom('panel_tasks')
      .select('id')
      .where('user_package_id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (queued) return 'unchanged';
    const panel = await ctx.panel.getServerByExternalId(serverExternalId(row.id));
    if (!panel) return await recreateOrRefund(ctx, row);

    const audit = (what: string, before: object, after: object) =>
      recordSystemAudit(ctx.db, {
        action: 'repair',
        entity: 'server',
        entityId: row.id,
        source: 'panel-reconciler',
        before: { what, ...before },
        after,
        at: ctx.now(),
      });
    let outcome: Outcome = 'unchanged';
    if (panel.uuid !== row.ptero_server_uuid) {
      if (panel.user !== row.ptero_user_id) {
        return (await reportStray(
          ctx,
          row.id,
          panel,
          'another uuid than recorded, owned by another panel user',
        ))
          ? 'reported'
          : 'unchanged';
      }
      // Made by a repair that crashed before recording it: ours.
      await recordPanelServer(ctx.db, row.id, panel);
      await audit('uuid', { uuid: row.ptero_server_uuid }, { uuid: panel.uuid, panelServerId: panel.id });
      outcome = 'repaired';
    }
    if (panel.user !== row.ptero_user_id) {
      // The recorded panel user is confirmed first: the panel may have given its id to someone else.
      const owner = await confirmPanelUser(ctx, await userOf(ctx, row.user_id));
      if (panel.user !== owner) {
        await ctx.panel.updateServerDetails(panel.id, {
          name: panel.name,
          user: owner,
          external_id: panel.external_id,
          description: panel.description,
        });
        await audit('owner', { panelUserId: panel.user }, { panelUserId: owner });
        outcome = 'repaired';
      }
    }
    const build = await currentBuild(ctx, row.id);
    const slotVariable = await slotVariableFor(ctx, build.gameId, panel.egg);
    if (!buildMatches(panel, build, slotVariable)) {
      await pushBuild(ctx, panel, build);
      const slots = slotVariable ? { [slotVariable]: panel.container.environment[slotVariable] } : {};
      await audit('build', { limits: panel.limits, feature_limits: panel.feature_limits, slots }, { build });
      outcome = 'repaired';
    }
    const suspended = row.status === 'suspended';
    if (panel.suspended !== suspended) {
      if (suspended) await ctx.panel.suspendServer(panel.id);
      else await ctx.panel.unsuspendServer(panel.id);
      await setPanelSuspended(ctx.db, row.id, suspended ? ctx.now() : null);
      await audit('suspended', { suspended: panel.suspended }, { suspended });
      outcome = 'repaired';
    }
    return outcome;
  } finally {
    await releaseServerChange(ctx.db, listedRow.id, t);
  }
}
