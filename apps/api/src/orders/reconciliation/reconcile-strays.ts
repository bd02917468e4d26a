/** Panel servers carrying our external id that no live server row accounts for: reported, never deleted. */

import { serverExternalId } from '../../panel/panel-ownership';
import type { PanelServer as Server } from '../../panel/port';
import { recordSystemAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { IN_FLIGHT } from './reconcile-rows';

/**
 * Reports a panel server carrying our external id that no live row accounts for, once per panel server
 * (its uuid), after reading it again (the list may predate a deletion).
 * @returns true when a new report was written
 */
export async function reportStray(
  ctx: AppContext,
  userPackageId: number,
  listed: Server,
  reason = 'no paid server of ours has it',
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('user_packages')
    .select('status')
    .where('id', '=', userPackageId)
    .executeTakeFirst();
  if (row && IN_FLIGHT.includes(row.status)) return false;
  const panel = await ctx.panel.getServerByExternalId(serverExternalId(userPackageId));
  if (!panel || panel.uuid !== listed.uuid) return false;
  const earlier = await ctx.db
    .selectFrom('audit_log')
    .select('after')
    .where('entity', '=', 'server')
    .where('entity_id', '=', userPackageId)
    .where('action', '=', 'report')
    .execute();
  if (earlier.some((e) => e.after?.includes(panel.uuid))) return false;
  ctx.log.error(
    { userPackageId, panelServerId: panel.id, uuid: panel.uuid, status: row?.status ?? null },
    'a panel server carries our external id but no paid server of ours: reported to staff, not deleted',
  );
  return recordSystemAudit(ctx.db, {
    action: 'report',
    entity: 'server',
    entityId: userPackageId,
    source: 'panel-reconciler',
    before: { what: 'stray', status: row?.status ?? null },
    after: { reason, panelServerId: panel.id, uuid: panel.uuid, panelUserId: panel.user },
    at: ctx.now(),
  });
}
