/** Deactivation by the customer (docs/decisions/081-account-deactivation.md). */
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyReply } from 'fastify';
import { roleOf } from '../identity/roles';
import { clearSessionCookies } from '../identity/sessions';
import { accountMail, deactivateUser, sendNoticesNow } from '../identity/user-account';
import { cancelMonthly } from '../orders/subscriptions/server-cancellation';
import type { AppContext } from '../platform/context';
import type { User } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { queueMail } from '../platform/outbox';
import { cancelServer } from '../servers/lifecycle';
import { dropOpenAccountChanges } from './account-change';

/**
 * PUT me/deactivate (product.md "Settings", "States and transitions"): closes the account in one transaction
 * with the notice mail, then stops its servers costing money and clears the caller's cookies (record 081).
 * @throws AppError 403 forbidden for the master role
 */
export async function deactivateAccount(ctx: AppContext, reply: FastifyReply, user: User): Promise<void> {
  if (roleOf(user) === 'master') throw new AppError(403, REASONS.forbidden);
  const t = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await deactivateUser(trx, user.id, t);
    await dropOpenAccountChanges(trx, user.id);
    await queueMail(trx, user.email, accountMail(ctx, 'deactivated', user), t);
  });
  const servers = await ctx.db
    .selectFrom('user_packages')
    .select(['id', 'billing_type', 'status', 'cancelled_at'])
    .where('user_id', '=', user.id)
    .where('status', 'in', ['paid', 'suspended'])
    .execute();
  for (const server of servers) {
    try {
      if (server.billing_type === 'hourly') await cancelServer(ctx, user, server.id);
      else if (server.status === 'paid' && server.cancelled_at === null)
        await cancelMonthly(ctx, user, server.id);
    } catch (error) {
      // A server in the middle of a change (409 busy) or gone meanwhile: logged for the staff.
      ctx.log.error(
        { err: error, userPackageId: server.id },
        'ending a server of a deactivated account failed',
      );
    }
  }
  await sendNoticesNow(ctx);
  clearSessionCookies(reply);
}
