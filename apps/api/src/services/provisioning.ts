/**
 * Ordering a package billed hourly from credits (spec 2 "Package overview dialog", 5, 7
 * "package-by-credits"; architecture.md "Billing", "Provisioning"):
 * validate in the spec's order, find a node with room, charge the first hour, create the panel user once
 * and the server on the panel, record the owned server. Any failure after the charge refunds it and leaves
 * no server behind; no node with room answers reason resources with nothing charged.
 */
import { randomUUID } from 'node:crypto';
import { REASONS } from '@falkenhost/contracts/errors';
import { hourlyUnits } from '@falkenhost/contracts/money';
import type { PackageByCreditsBody } from '@falkenhost/contracts/store';
import { isNoCapacityError } from '@falkenhost/pterodactyl/errors';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { AppError } from '../lib/errors';
import { applyLedgerEntry } from './ledger';
import { loadOrderablePackage } from './packages';
import {
  createPanelServer,
  ensurePanelUser,
  findNodeWithRoom,
  removePanelServer,
  serverBuild,
} from './panel';

type ParsedPackageOrder = Omit<PackageByCreditsBody, 'addonIds'> & {
  serverName: string;
  packageId: number;
  eggId: number;
  locationId: number;
  addonIds: number[];
};

const HOUR_MS = 3_600_000;

/**
 * @returns the order's public id (the client goes to /dashboard?order=<id>)
 * @throws AppError 400 unknown (package, egg, location or add-on not offered), 400 resources (no node has
 *   room; nothing charged), 400 credits (balance below one hour; nothing written), 502 panel (the panel
 *   failed after the charge; refunded, no server left)
 */
export async function orderPackageByCredits(
  ctx: AppContext,
  user: User,
  body: ParsedPackageOrder,
): Promise<string> {
  const { db, now } = ctx;
  const offer = await loadOrderablePackage(
    ctx,
    user.id,
    body.packageId,
    body.eggId,
    body.locationId,
    body.addonIds,
  );
  const monthly = offer.monthlyUnits;
  const firstHour = hourlyUnits(monthly);
  const build = serverBuild(offer.pkg, offer.addons);

  const placement = await findNodeWithRoom(ctx, offer.nodeIds, body.locationId, build);
  if (!placement) throw new AppError(400, REASONS.resources);

  // Reserve the money first (architecture.md "Provisioning"): the owned server and the charge in one transaction.
  const t = now();
  const userPackage = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('user_packages')
      .values({
        user_id: user.id,
        package_id: offer.pkg.id,
        name: body.serverName,
        billing_type: 'hourly',
        status: 'provisioning',
        egg_id: body.eggId,
        nest_id: offer.nestId,
        location_id: body.locationId,
        node_id: placement.nodeId,
        ptero_server_id: null,
        ptero_server_uuid: null,
        ptero_identifier: null,
        credits_monthly: monthly,
        mollie_mandate_id: null,
        mollie_subscription_id: null,
        paid_until: null,
        billed_until: t + HOUR_MS,
        suspended_at: null,
        panel_suspended_at: null,
        created_at: t,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const addon of offer.addons) {
      await trx
        .insertInto('user_package_addons')
        .values({ user_package_id: row.id, addon_id: addon.id, addon_type: addon.type, created_at: t })
        .execute();
    }
    if (firstHour > 0) {
      await applyLedgerEntry(trx, {
        userId: user.id,
        amount: -firstHour,
        kind: 'server-order',
        reference: `server-order:${row.id}`,
        now: t,
      });
    }
    return row;
  });

  const externalId = `falkenhost-server-${userPackage.id}`;
  try {
    const panelUser = await ensurePanelUser(ctx, user);
    const server = await createPanelServer(ctx, {
      name: body.serverName,
      panelUserId: panelUser,
      nestId: offer.nestId,
      eggId: body.eggId,
      externalId,
      build,
      allocationId: placement.allocationId,
    });
    const publicId = randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user_packages')
        .set({
          status: 'paid',
          ptero_server_id: server.id,
          ptero_server_uuid: server.uuid,
          ptero_identifier: server.identifier,
        })
        .where('id', '=', userPackage.id)
        .execute();
      await trx
        .insertInto('orders')
        .values({
          public_id: publicId,
          user_id: user.id,
          kind: 'package-credits',
          status: 'completed',
          credits_amount: 0,
          amount_cents: 0,
          fee_cents: 0,
          discount_id: null,
          discount_bp: 0,
          payment_method: 'credits',
          mollie_payment_id: null,
          user_package_id: userPackage.id,
          details: JSON.stringify({ firstHourUnits: firstHour, monthlyUnits: monthly }),
          created_at: t,
          completed_at: now(),
        })
        .execute();
    });
    return publicId;
  } catch (error) {
    await removePanelServer(ctx, externalId).catch((e) =>
      ctx.log.error({ err: e, externalId }, 'cleanup after a failed order'),
    );
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user_packages')
        .set({ status: 'failed', deleted_at: now() })
        .where('id', '=', userPackage.id)
        .execute();
      if (firstHour > 0) {
        await applyLedgerEntry(trx, {
          userId: user.id,
          amount: firstHour,
          kind: 'refund',
          reference: `refund:server-order:${userPackage.id}`,
          now: now(),
        });
      }
    });
    if (isNoCapacityError(error)) throw new AppError(400, REASONS.resources);
    throw new AppError(502, REASONS.panel, error instanceof Error ? error.message : undefined);
  }
}
