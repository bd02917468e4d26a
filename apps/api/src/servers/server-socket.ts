/**
 * The customer's server count and the credential for a server card's live-gauge socket, which is our relay's
 * so the panel's own credential never reaches the browser (docs/decisions/122-live-stats-relay.md).
 */
import { REASONS } from '@falkenhost/contracts/errors';
import { scheduledMonthlyUnits, unitsToCredits } from '@falkenhost/contracts/money';
import { isStateConflict } from '../panel/port';
import { ForeignSocketError } from '../panel/socket-credentials';
import type { SocketRelay, WatchedServer } from '../panel/socket-relay';
import { signSocketToken } from '../panel/socket-token';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { scheduledHoursPerWeek } from './schedules/schedule-hours';
import { schedulesOfServers } from './schedules/schedules';

/**
 * GET servers/server-count: the user's servers not failed or deleted, and their expected monthly cost in
 * credits: an hourly server on a schedule counts only its scheduled hours (scheduledMonthlyUnits,
 * docs/decisions/445), every other server its monthly price.
 */
export async function serverCountOf(
  ctx: AppContext,
  userId: number,
): Promise<{ count: number; monthly: number }> {
  const rows = await ctx.db
    .selectFrom('user_packages')
    .select(['id', 'credits_monthly', 'billing_type', 'scheduled'])
    .where('user_id', '=', userId)
    .where('status', 'not in', ['failed', 'deleted'])
    .execute();
  const schedules = await schedulesOfServers(ctx.db, rows);
  let monthly = 0;
  for (const row of rows) {
    const own = schedules.get(row.id);
    monthly += own
      ? scheduledMonthlyUnits(row.credits_monthly, scheduledHoursPerWeek(own))
      : row.credits_monthly;
  }
  return { count: rows.length, monthly: unitsToCredits(monthly) };
}

/**
 * GET servers/websocket-token: our relay's ws/wss address for the user's running server and a signed token.
 * Without a live Wings socket for the server, the panel's credential tells whether it is usable; it comes
 * from the relay's cache, so calls cost the panel one request per credential lifetime at most
 * (docs/decisions/406-one-socket-credential-per-server.md).
 * @throws AppError 404 not-found, 409 installing (the card asks again), 502 panel
 */
export async function socketCredentialFor(
  ctx: AppContext,
  relay: SocketRelay,
  userId: number,
  serverId: number,
): Promise<{ socket: string; token: string }> {
  const server = await ctx.db
    .selectFrom('user_packages')
    .select(['ptero_identifier', 'ptero_server_uuid', 'status'])
    .where('id', '=', serverId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!server?.ptero_identifier || !server.ptero_server_uuid || server.status !== 'paid')
    throw new AppError(404, REASONS.notFound);
  const panelServer = { uuid: server.ptero_server_uuid, identifier: server.ptero_identifier };
  if (!relay.isLive(panelServer.uuid)) {
    try {
      await relay.credentials.get(panelServer);
    } catch (error) {
      if (isStateConflict(error)) throw new AppError(409, REASONS.installing);
      if (error instanceof ForeignSocketError)
        ctx.log.error({ server: serverId }, "the panel's socket is not that of our server");
      else ctx.log.warn({ err: error, server: serverId }, 'no websocket credential from the panel');
      throw new AppError(502, REASONS.panel);
    }
  }
  return {
    socket: relay.socketUrl(serverId),
    token: await signSocketToken(ctx.config.accessTokenSecret, { userId, serverId }, ctx.now()),
  };
}

/**
 * The relay's check at every `auth` of a socket (panel/socket-relay.ts): the panel ids of server
 * `serverId` when `userId` owns it and it is paid, else null, so a server cancelled or no longer paid is
 * not watched any more.
 */
export const watchedServer: WatchedServer = async (ctx, serverId, userId) => {
  const row = await ctx.db
    .selectFrom('user_packages')
    .select(['ptero_server_uuid', 'ptero_identifier', 'status'])
    .where('id', '=', serverId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row?.ptero_server_uuid || !row.ptero_identifier || row.status !== 'paid') return null;
  return { uuid: row.ptero_server_uuid, identifier: row.ptero_identifier };
};
