/**
 * An hourly package bought with credits: charged first, refunded on any panel failure
 * (docs/decisions/070-server-by-credits.md).
 */
import { randomUUID } from 'node:crypto';
import { dashboardPath, orderReturnPath } from '@falkenhost/contracts/dashboard-addresses';
import { REASONS } from '@falkenhost/contracts/errors';
import { hourlyUnits, unitsToCredits } from '@falkenhost/contracts/money';
import type { ParsedPackageByCreditsBody } from '@falkenhost/contracts/store';
import { chargeServerHour, refundServerHour } from '../../billing/hour-charges';
import { loadOrderablePackage } from '../../catalog/packages';
import { releaseAllocationClaims } from '../../panel/allocation-claims';
import { createPanelServer, removePanelServer } from '../../panel/panel-servers';
import { ensurePanelUser } from '../../panel/panel-users';
import { claimPlacement, type Placement, withPlacement } from '../../panel/placement';
import { isNoCapacityError } from '../../panel/port';
import { serverBuild } from '../../panel/server-build';
import { hourStart, MINUTE_MS } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { User } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { notifyStaff } from '../../platform/staff-webhook';
import { billedUntilAfter } from '../../servers/billed-hours';
import { insertServer, insertServerAddons, markAdopted, setServerNode } from '../../servers/server-records';
import { moveServer } from '../../servers/server-status';
import { insertCreditsPaidOrder, usernameOf } from '../records/order-records';

class NoRoom extends Error {}

type ParsedPackageOrder = ParsedPackageByCreditsBody;

/**
 * Orders an hourly server paid from credits; answers the order's public id.
 * @throws AppError 400 unknown, 400 resources (nothing charged), 400 credits (nothing written), 502 panel
 *   (refunded, no server left)
 */
export async function orderPackageByCredits(
  ctx: AppContext,
  user: User,
  body: ParsedPackageOrder,
): Promise<string> {
  const { db, now } = ctx;
  const offer = await loadOrderablePackage(ctx, user.id, body);
  const monthly = offer.monthlyUnits;
  const firstHour = hourlyUnits(monthly);
  const build = serverBuild(offer.pkg, offer.addons);

  // Server, allocation claim and charge in one transaction, so no room anywhere writes nothing.
  const t = now();
  const reserve = (room: Placement) =>
    db.transaction().execute(async (trx) => {
      const row = {
        id: await insertServer(trx, {
          user_id: user.id,
          package_id: offer.pkg.id,
          name: body.serverName,
          billing_type: 'hourly',
          status: 'provisioning',
          egg_id: body.eggId,
          nest_id: offer.nestId,
          variables: JSON.stringify(offer.variables),
          location_id: body.locationId,
          credits_monthly: monthly,
          // The order pays the clock hour it is placed in; the tick charges each further hour.
          billed_until: billedUntilAfter(hourStart(t)),
          created_at: t,
        }),
      };
      const placement = await claimPlacement(trx, ctx.dialect, room, build, row.id, t);
      if (!placement) throw new NoRoom();
      await setServerNode(trx, row.id, placement.nodeId);
      await insertServerAddons(trx, row.id, offer.addons, t);
      await chargeServerHour(trx, {
        userId: user.id,
        userPackageId: row.id,
        units: firstHour,
        hour: 'order',
        now: t,
      });
      return { userPackage: row, placement };
    });
  const reserved = await withPlacement(ctx, offer.nodeIds, body.locationId, (room) =>
    reserve(room).catch((error: unknown) => {
      if (error instanceof NoRoom) return null;
      throw error;
    }),
  );
  if (!reserved) throw new AppError(400, REASONS.resources);
  const { userPackage, placement } = reserved;

  const externalId = `falkenhost-server-${userPackage.id}`;
  try {
    const panelUser = await ensurePanelUser(ctx, user);
    const server = await createPanelServer(ctx, {
      name: body.serverName,
      panelUserId: panelUser,
      eggId: body.eggId,
      gameId: offer.pkg.game_id,
      variables: offer.variables,
      externalId,
      build,
      allocationId: placement.allocationId,
    });
    const publicId = await adoptPanelServer(ctx, userPackage.id, user.id, server);
    if (!publicId) throw new Error(`order ${userPackage.id} was settled by the recovery meanwhile`);
    return publicId;
  } catch (error) {
    // The recovery may have adopted that server meanwhile (a slow answer): then it stays.
    if (!(await adoptedElsewhere(ctx, userPackage.id)))
      await removePanelServer(ctx, externalId).catch((e) =>
        ctx.log.error({ err: e, externalId }, 'cleanup after a failed order'),
      );
    await abandonOrder(ctx, userPackage.id, user.id);
    if (isNoCapacityError(error)) throw new AppError(400, REASONS.resources);
    throw new AppError(502, REASONS.panel, error instanceof Error ? error.message : undefined);
  }
}

async function adoptedElsewhere(ctx: AppContext, userPackageId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('user_packages')
    .select('status')
    .where('id', '=', userPackageId)
    .executeTakeFirst();
  return row !== undefined && row.status !== 'provisioning' && row.status !== 'failed';
}

/** Records the panel's server of a provisioning order; answers its public id (null: settled elsewhere). */
async function adoptPanelServer(
  ctx: AppContext,
  userPackageId: number,
  userId: number,
  server: { id: number; uuid: string; identifier: string },
): Promise<string | null> {
  const publicId = randomUUID();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await markAdopted(trx, userPackageId, server, ctx.now()))) return null;
    const row = await trx
      .selectFrom('user_packages')
      .select(['credits_monthly', 'created_at', 'name'])
      .where('id', '=', userPackageId)
      .executeTakeFirstOrThrow();
    const orderId = await insertCreditsPaidOrder(trx, {
      publicId,
      userId,
      userPackageId,
      kind: 'package-credits',
      details: { firstHourUnits: hourlyUnits(row.credits_monthly), monthlyUnits: row.credits_monthly },
      createdAt: row.created_at,
      completedAt: ctx.now(),
    });
    await notifyStaff(ctx, trx, {
      type: 'new-order',
      orderId,
      orderKind: 'package-credits',
      username: await usernameOf(trx, userId),
      serverName: row.name,
      credits: unitsToCredits(row.credits_monthly),
    });
    return publicId;
  });
}

/**
 * Gives up an order still provisioning: marked failed, the first hour refunded once, the claim released.
 * @returns false when the order was settled elsewhere
 */
async function abandonOrder(ctx: AppContext, userPackageId: number, userId: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const t = ctx.now();
    if (!(await moveServer(trx, userPackageId, 'provisioning', 'failed', { deleted_at: t }))) return false;
    await releaseAllocationClaims(trx, userPackageId);
    await refundServerHour(trx, { reason: 'order-failed', userId, userPackageId, now: t });
    return true;
  });
}

export const PROVISIONING_STALE_MS = 5 * MINUTE_MS;

export interface RecoveryResult {
  adopted: number;
  refunded: number;
}

/**
 * Finishes orders a crash interrupted after the charge: adopted when the panel has their server, else
 * refunded and failed. Safe on several instances (each order settles by a conditional update).
 */
export async function recoverProvisioning(ctx: AppContext): Promise<RecoveryResult> {
  const result: RecoveryResult = { adopted: 0, refunded: 0 };
  const stale = await ctx.db
    .selectFrom('user_packages')
    .select(['id', 'user_id'])
    .where('status', '=', 'provisioning')
    .where('billing_type', '=', 'hourly')
    .where('created_at', '<', ctx.now() - PROVISIONING_STALE_MS)
    .execute();
  for (const order of stale) {
    try {
      const server = await ctx.panel.getServerByExternalId(`falkenhost-server-${order.id}`);
      if (server) {
        if (await adoptPanelServer(ctx, order.id, order.user_id, server)) result.adopted += 1;
      } else if (await abandonOrder(ctx, order.id, order.user_id)) {
        result.refunded += 1;
      }
    } catch (error) {
      ctx.log.warn(
        { err: error, userPackageId: order.id },
        'recovering an interrupted order failed; retried later',
      );
    }
  }
  return result;
}

/**
 * POST store/package-by-credits's answer: the order (orderPackageByCredits), then the address its status
 * shows on, the shop's game the server was ordered from (decision 433).
 * @returns e.g. "/dashboard/shop/3?order=<publicId>"
 * @throws AppError as orderPackageByCredits
 */
export async function orderPackageByCreditsLink(
  ctx: AppContext,
  user: User,
  body: ParsedPackageOrder,
): Promise<string> {
  const publicId = await orderPackageByCredits(ctx, user, body);
  const pkg = await ctx.db
    .selectFrom('packages')
    .select('game_id')
    .where('id', '=', body.packageId)
    .executeTakeFirstOrThrow();
  return orderReturnPath(dashboardPath('customer_store', pkg.game_id), publicId);
}
