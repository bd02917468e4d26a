/**
 * Deactivation by the customer (spec 2 "Settings", 4 "Account"): the account is closed and its servers
 * stop costing money (docs/decisions/081-account-deactivation.md).
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyReply } from 'fastify';
import { roleOf } from '../identity/roles';
import { clearSessionCookies } from '../identity/sessions';
import { accountMail, deactivateUser, sendNoticesNow } from '../identity/user-account';
import { cancelMonthly } from '../orders/server-cancellation';
import type { AppContext } from '../platform/context';
import type { User } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { queueMail } from '../platform/outbox';
import { cancelServer } from '../servers/lifecycle';
import { dropOpenAccountChanges } from './account-change';

/**
 * PUT me/deactivate (spec 2 "Settings", 4 "Account": irreversible for the customer, reactivation by
 * support). The account is marked inactive, the newsletter turned off, every session ended and unused
 * change links dropped, in one transaction with the notice mail; then its servers stop costing money:
 * hourly servers are deleted as the customer's own delete does (billing stops at once, the hour already
 * paid is not refunded), monthly subscriptions are cancelled and those servers run to the end of the paid
 * period (docs/decisions/081-account-deactivation.md). Orders, the credit ledger and invoices are kept (accounting law).
 * Finally the caller's session cookies are cleared.
 * @throws AppError 403 forbidden for the master role (a store must keep a master; another master or
 *   support deactivates one)
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
