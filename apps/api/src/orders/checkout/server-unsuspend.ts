/**
 * Unsuspending a customer's server (product.md "API calls" `unsuspend-server`): hourly from credits at once
 * (docs/decisions/066-suspension-and-deletion.md), monthly by card (075-monthly-cancel-and-unsuspend.md).
 */

import { randomUUID } from 'node:crypto';
import { dashboardPath, orderReturnPath } from '@falkenhost/contracts/dashboard-addresses';
import { REASONS } from '@falkenhost/contracts/errors';
import { hourlyUnits } from '@falkenhost/contracts/money';
import { chargeServerHour } from '../../billing/hour-charges';
import { enqueuePanelTask } from '../../panel/panel-queue';
import { hourStart } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { User } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { billedUntilAfter } from '../../servers/billed-hours';
import { loadOwnedServer } from '../../servers/owned-server';
import { runPanelQueue } from '../../servers/panel-task-results';
import { isOutsideSchedule } from '../../servers/schedules/schedules';
import { moveServer } from '../../servers/server-status';
import { insertCreditsPaidOrder } from '../records/order-records';
import { unsuspendMonthly } from './card-checkout';

/**
 * Unsuspends an hourly server: charges the current clock hour, marks it running and queues the panel's
 * unsuspend and a start (unless its schedule has it off); answers the order's public id.
 * @throws AppError 404, 409 server-state (not suspended, or billed monthly), 400 credits
 */
export async function unsuspendServer(ctx: AppContext, user: User, id: number): Promise<string> {
  const publicId = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    const { server } = await loadOwnedServer(ctx, user.id, id, trx);
    if (server.status !== 'suspended' || server.billing_type !== 'hourly')
      throw new AppError(409, REASONS.serverState);
    const t = ctx.now();
    const hour = hourStart(t);
    const price = hourlyUnits(server.credits_monthly);
    const offNow = server.scheduled === 1 && (await isOutsideSchedule(trx, t, server.id, user.time_zone));
    const claimed = await moveServer(trx, server.id, 'suspended', 'paid', {
      billed_until: billedUntilAfter(hour),
      suspended_at: null,
      delete_at: null,
      deletion_warnings: 0,
      power_target: server.scheduled === 1 ? (offNow ? 'off' : 'on') : null,
    });
    if (!claimed) throw new AppError(409, REASONS.serverState);
    // An hour paid before the suspension is not charged again (billing/hour-charges.ts).
    await chargeServerHour(trx, { userId: user.id, userPackageId: server.id, units: price, hour, now: t });
    await enqueuePanelTask(trx, { userPackageId: server.id, kind: 'unsuspend', now: t });
    if (!offNow)
      await enqueuePanelTask(trx, { userPackageId: server.id, kind: 'power', signal: 'start', now: t });
    await insertCreditsPaidOrder(trx, {
      publicId,
      userId: user.id,
      userPackageId: server.id,
      kind: 'unsuspend',
      details: { hourUnits: price, hour },
      createdAt: t,
      completedAt: t,
    });
  });
  await runPanelQueue(ctx).catch((error) => ctx.log.warn({ err: error }, 'panel queue run failed'));
  return publicId;
}

/**
 * POST unsuspend-server: a link to the order (hourly, from credits) or a Mollie checkout (monthly) that
 * returns to `back` (origin-check.ts#returnBase); both land on the server's address (decisions 430, 433).
 * @throws AppError as `unsuspendServer` and `unsuspendMonthly`
 */
export async function unsuspendLink(
  ctx: AppContext,
  user: User,
  id: number,
  back: string = ctx.config.publicUrl,
): Promise<string> {
  const { server } = await loadOwnedServer(ctx, user.id, id);
  if (server.billing_type === 'monthly') return unsuspendMonthly(ctx, user, id, back);
  return orderReturnPath(dashboardPath('customer_servers', id), await unsuspendServer(ctx, user, id));
}
