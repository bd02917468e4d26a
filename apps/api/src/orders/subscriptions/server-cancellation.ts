/**
 * A customer ends a server (product.md "API calls" `cancel-server`;
 * docs/decisions/075-monthly-cancel-and-unsuspend.md).
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { AppContext } from '../../platform/context';
import type { User } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { cancelServer } from '../../servers/lifecycle';
import { loadOwnedServer } from '../../servers/owned-server';
import { markCancelled } from '../../servers/server-records';
import { syncSubscription } from './subscription-sync';

/**
 * POST cancel-server: deletes an hourly server at once (answers null) or cancels a monthly one (answers
 * the end of its paid period, epoch ms).
 */
export async function cancelOrDelete(ctx: AppContext, user: User, id: number): Promise<number | null> {
  const { server } = await loadOwnedServer(ctx, user.id, id);
  if (server.billing_type === 'monthly') return cancelMonthly(ctx, user, id);
  await cancelServer(ctx, user, id);
  return null;
}

/**
 * Cancels a monthly server's subscription and forgets its mandate; it runs to the end of its paid period
 * (answered, epoch ms), then is suspended and deleted like any other.
 * @throws AppError 404, 409 server-state (not running, or cancelled already)
 */
export async function cancelMonthly(ctx: AppContext, user: User, userPackageId: number): Promise<number> {
  const { server } = await loadOwnedServer(ctx, user.id, userPackageId);
  if (server.billing_type !== 'monthly' || server.status !== 'paid' || server.cancelled_at !== null)
    throw new AppError(409, REASONS.serverState);
  if (!(await markCancelled(ctx.db, server.id, ctx.now()))) throw new AppError(409, REASONS.serverState);
  await syncSubscription(ctx, server.id).catch((error) =>
    ctx.log.warn(
      { err: error, userPackageId: server.id },
      'cancelling the subscription failed; retried later',
    ),
  );
  return server.paid_until ?? ctx.now();
}
