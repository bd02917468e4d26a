/** The end of a monthly server's paid period (docs/decisions/074-paid-period-and-renewals.md). */

import { enqueuePanelTask } from '../../panel/panel-queue';
import { DAY_MS } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { mailDate, renderNoticeMail } from '../../platform/mail/templates';
import { queueMail } from '../../platform/outbox';
import { moveServer } from '../../servers/server-status';
import { syncSubscription } from '../subscriptions/subscription-sync';
import { settleMissedRenewals } from './renewals';

/** A renewal may arrive this long after the paid period ended before the server is suspended. */
export const RENEWAL_GRACE_MS = DAY_MS;

/** A monthly server to suspend, with its owner's address, name, language and zone for the mail. */
export interface ExpiringServer {
  id: number;
  name: string;
  email: string;
  username: string;
  first_name: string;
  language: string;
  time_zone: string;
}

/**
 * Suspends monthly servers whose paid period is over, at once when nothing will renew them, else after
 * RENEWAL_GRACE_MS; free servers never end, and servers in grace after a failed renewal run until its
 * last retry fails (renewal-grace.ts). Answers how many were suspended.
 */
export async function expireMonthlyServers(ctx: AppContext): Promise<number> {
  const t = ctx.now();
  const due = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select([
      'up.id',
      'up.name',
      'up.mollie_subscription_id',
      'up.cancelled_at',
      'u.email',
      'u.username',
      'u.first_name',
      'u.language',
      'u.time_zone',
    ])
    .where('up.billing_type', '=', 'monthly')
    .where('up.status', '=', 'paid')
    .where('up.credits_monthly', '>', 0)
    .where('up.paid_until', '<=', t)
    .where((eb) => eb.or([eb('up.grace_until', 'is', null), eb('up.cancelled_at', 'is not', null)]))
    .where((eb) =>
      eb.or([
        eb('up.paid_until', '<=', t - RENEWAL_GRACE_MS),
        eb('up.mollie_subscription_id', 'is', null),
        eb('up.cancelled_at', 'is not', null),
        eb('up.renewal_failed_at', 'is not', null),
      ]),
    )
    .execute();
  let suspended = 0;
  for (const row of due) {
    // A renewal whose webhook was lost extends the period instead, so the update below skips the server.
    if (row.mollie_subscription_id && row.cancelled_at === null) {
      await settleMissedRenewals(ctx, row.id).catch((error) =>
        ctx.log.warn({ err: error, userPackageId: row.id }, "reading a subscription's payments failed"),
      );
    }
    if (await suspendMonthlyServer(ctx, row, 'suspendedMonthly')) suspended += 1;
  }
  return suspended;
}

/**
 * Suspends one running monthly server whose paid period is over (and that is not in grace): the panel's
 * suspension is queued, the deletion set SUSPEND_DAYS ahead, the customer mailed `mail` (with the
 * deletion date and `values`), then its subscription cancelled.
 * @returns false when it was not running, its period is not over, or it is in grace (nothing written)
 */
export async function suspendMonthlyServer(
  ctx: AppContext,
  row: ExpiringServer,
  mail: 'suspendedMonthly' | 'renewalRetriesFailed',
  values: Record<string, string> = {},
): Promise<boolean> {
  const t = ctx.now();
  const deleteAt = t + ctx.config.suspendDays * DAY_MS;
  const done = await ctx.db.transaction().execute(async (trx) => {
    const suspended = await moveServer(
      trx,
      row.id,
      'paid',
      'suspended',
      { suspended_at: t, delete_at: deleteAt, deletion_warnings: 0 },
      (eb) =>
        eb.and([
          eb('paid_until', '<=', t),
          eb.or([eb('grace_until', 'is', null), eb('cancelled_at', 'is not', null)]),
        ]),
    );
    if (!suspended) return false;
    await enqueuePanelTask(trx, { userPackageId: row.id, kind: 'suspend', now: t });
    await queueMail(
      trx,
      row.email,
      renderNoticeMail(mail, row.language, {
        ...values,
        username: row.username,
        firstName: row.first_name,
        server: row.name,
        date: mailDate(row.language, row.time_zone, deleteAt),
      }),
      t,
    );
    return true;
  });
  if (!done) return false;
  await syncSubscription(ctx, row.id).catch((error) =>
    ctx.log.warn({ err: error, userPackageId: row.id }, 'cancelling the subscription failed; retried later'),
  );
  return true;
}
