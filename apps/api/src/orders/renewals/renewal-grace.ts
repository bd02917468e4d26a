/**
 * The grace of a monthly server whose renewal failed (money-and-billing.md "Monthly (card)",
 * docs/decisions/420-renewal-retries-and-grace.md): it keeps running while its payment is tried again on
 * the mandate RENEWAL_RETRY_DAYS after the failure; each failed try mails the customer the next try's
 * time and the time the server stops, and tells the staff which try failed.
 */
import { dashboardPath } from '@falkenhost/contracts/dashboard-addresses';
import type { Transaction } from 'kysely';
import { DAY_MS } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Database, UserPackage } from '../../platform/db/schema';
import { mailDate, renderNoticeMail } from '../../platform/mail/templates';
import { queueMail } from '../../platform/outbox';
import { notifyStaff } from '../../platform/staff-webhook';
import { scheduleRenewalRetry, startRenewalGrace } from '../../servers/renewal-grace';
import { markRenewalFailed } from '../../servers/server-records';

/** The customer a grace mail goes to. */
export interface GraceCustomer {
  email: string;
  username: string;
  first_name: string;
  language: string;
  time_zone: string;
}

/** A failed payment of the grace: its Mollie id and final status. */
export interface FailedTry {
  paymentId: string;
  status: string;
}

/**
 * When retry `next` (1-based) of a grace that began at `failedAt` is due and when the server stops: retry
 * k is RENEWAL_RETRY_DAYS[k-1] days after the failure, never before `now` (a try that came late moves the
 * next one, never into the past); it stops at the last retry's time, or at the end of its paid period
 * when that is later (epoch ms throughout).
 * @returns nextTryAt null when no retry is left
 */
export function graceTimes(
  days: readonly number[],
  failedAt: number,
  next: number,
  now: number,
  paidUntil: number | null,
): { nextTryAt: number | null; stopsAt: number } {
  const at = (k: number) => Math.max(failedAt + (days[k - 1] ?? 0) * DAY_MS, now);
  const nextTryAt = next <= days.length ? at(next) : null;
  const lastTry = days.length === 0 ? now : Math.max(at(days.length), nextTryAt ?? now);
  return { nextTryAt, stopsAt: Math.max(lastTry, paidUntil ?? 0) };
}

/** The dashboard page where a customer pays the open month with another card (the mails' button). */
export function payRenewalLink(ctx: AppContext, userPackageId: number): string {
  return `${ctx.config.publicUrl}${dashboardPath('customer_servers', userPackageId)}?renew=${userPackageId}`;
}

/**
 * Inside the failed renewal's transaction: a running, uncancelled server with a mandate enters its grace
 * (the first retry a day later by default) and the customer is mailed the retry's and the stop's times
 * with a link to pay now; any other server is suspended at the end of its paid period as before, with a
 * mail that names no time already past. The staff hear which try failed either way.
 */
export async function beginGrace(
  ctx: AppContext,
  trx: Transaction<Database>,
  server: UserPackage,
  user: GraceCustomer,
  failed: FailedTry,
): Promise<void> {
  const now = ctx.now();
  const days = ctx.config.renewalRetryDays;
  const { nextTryAt, stopsAt } = graceTimes(days, now, 1, now, server.paid_until);
  const started =
    nextTryAt !== null &&
    (await startRenewalGrace(trx, server.id, {
      failedAt: now,
      retryAt: nextTryAt,
      graceUntil: graceTimes(days, now, 1, now, null).stopsAt,
    }));
  await notifyStaff(ctx, trx, {
    type: 'renewal-failed',
    paymentId: failed.paymentId,
    status: failed.status,
    username: user.username,
    serverName: server.name,
    userPackageId: server.id,
    attempt: 0,
    retries: started ? days.length : 0,
    nextTryAt: started ? nextTryAt : null,
    stopsAt: started ? stopsAt : null,
  });
  if (started) {
    await mailRetry(ctx, trx, server, user, { nextTryAt: nextTryAt ?? now, stopsAt });
    return;
  }
  if (!(await markRenewalFailed(trx, server.id, now))) return;
  await queueMail(
    trx,
    user.email,
    renderNoticeMail('renewalFailed', user.language, {
      username: user.username,
      firstName: user.first_name,
      server: server.name,
      date: mailDate(user.language, user.time_zone, Math.max(server.paid_until ?? now, now)),
    }),
    now,
  );
}

/**
 * Inside the failed retry's transaction: retry `attempt` of a server in grace failed and another is left;
 * the next is scheduled and the customer mailed its time and the stop's, the staff which try failed.
 * @returns false when the grace ended meanwhile (nothing written)
 */
export async function retryFailed(
  ctx: AppContext,
  trx: Transaction<Database>,
  server: UserPackage,
  user: GraceCustomer,
  failed: FailedTry & { attempt: number },
): Promise<boolean> {
  const now = ctx.now();
  const days = ctx.config.renewalRetryDays;
  const failedAt = server.renewal_failed_at ?? now;
  const { nextTryAt, stopsAt } = graceTimes(days, failedAt, failed.attempt + 1, now, server.paid_until);
  if (nextTryAt === null) return false;
  const graceUntil = graceTimes(days, failedAt, failed.attempt + 1, now, null).stopsAt;
  if (!(await scheduleRenewalRetry(trx, server.id, { retryAt: nextTryAt, graceUntil }))) return false;
  await notifyStaff(ctx, trx, {
    type: 'renewal-failed',
    paymentId: failed.paymentId,
    status: failed.status,
    username: user.username,
    serverName: server.name,
    userPackageId: server.id,
    attempt: failed.attempt,
    retries: days.length,
    nextTryAt,
    stopsAt,
  });
  await mailRetry(ctx, trx, server, user, { nextTryAt, stopsAt });
  return true;
}

/** The mail of a failed try with another to come: its time, the stop's, and the link to pay now. */
async function mailRetry(
  ctx: AppContext,
  trx: Transaction<Database>,
  server: UserPackage,
  user: GraceCustomer,
  times: { nextTryAt: number; stopsAt: number },
): Promise<void> {
  await queueMail(
    trx,
    user.email,
    renderNoticeMail('renewalRetrying', user.language, {
      username: user.username,
      firstName: user.first_name,
      server: server.name,
      nextTry: mailDate(user.language, user.time_zone, times.nextTryAt),
      stopAt: mailDate(user.language, user.time_zone, times.stopsAt),
      link: payRenewalLink(ctx, server.id),
    }),
    ctx.now(),
  );
}
