/** Acting on the right panel server: found by our unique `external_id`, carrying the uuid we recorded. */
import type { Server } from '@falkenhost/pterodactyl/types';
import { recordSystemAudit } from '../platform/audit';
import type { AppContext } from '../platform/context';

/** Our `external_id` of the panel server of user package `userPackageId`. */
export function serverExternalId(userPackageId: number): string {
  return `falkenhost-server-${userPackageId}`;
}

/** The panel's server carrying our external id is not the one we recorded: nothing was done to it. */
export class ForeignPanelServerError extends Error {
  constructor(
    readonly userPackageId: number,
    readonly panelServer: Pick<Server, 'id' | 'uuid' | 'user'>,
  ) {
    super(
      `the panel server with external id ${serverExternalId(userPackageId)} (uuid ${panelServer.uuid}) is not the one recorded for it; nothing done`,
    );
    this.name = 'ForeignPanelServerError';
  }
}

/**
 * Confirms the panel server of one of our servers by `external_id` and uuid; a refusal is audited.
 * @param row `id` (user_packages.id) and the uuid recorded when it was made (null before)
 * @returns the panel's server, or null when the panel has no server with our external id
 * @throws ForeignPanelServerError when the server with our external id has another uuid than ours
 * @throws PterodactylError when the panel cannot be asked
 */
export async function confirmPanelServer(
  ctx: AppContext,
  row: { id: number; ptero_server_uuid: string | null },
): Promise<Server | null> {
  const server = await ctx.panel.getServerByExternalId(serverExternalId(row.id));
  if (!server) return null;
  if (row.ptero_server_uuid !== null && server.uuid !== row.ptero_server_uuid) {
    const error = new ForeignPanelServerError(row.id, server);
    ctx.log.warn(
      { userPackageId: row.id, recordedUuid: row.ptero_server_uuid, panelUuid: server.uuid },
      error.message,
    );
    await recordSystemAudit(ctx.db, {
      action: 'refuse',
      entity: 'server',
      entityId: row.id,
      source: 'ownership-check',
      before: { uuid: row.ptero_server_uuid },
      after: { panelServerId: server.id, uuid: server.uuid, panelUserId: server.user },
      at: ctx.now(),
    }).catch((e) => ctx.log.error({ err: e }, 'writing the audit entry of a refused panel action'));
    throw error;
  }
  return server;
}
