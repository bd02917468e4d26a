/**
 * The later months of servers paid monthly by card (architecture.md "Billing"; reference/mollie.md):
 * Mollie subscriptions kept in step with our database, renewals, the end of an unpaid or cancelled
 * period, and the customer's cancel.
 *
 * Our database says what Mollie should hold, and `syncSubscription` makes it so, at once after each
 * decision and again from the jobs after a crash or an outage: a running monthly server with a mandate
 * and no subscription gets one (Idempotency-Key per server and period start), a changed price is sent
 * with PATCH, and the subscription of a server that is cancelled, suspended or gone is cancelled.
 *
 * A renewal arrives as a webhook for a payment id never seen, with the subscription's id: it is recorded
 * once (the payment id is unique among orders). Paid extends the paid period by one month (and wakes a
 * server suspended meanwhile); failed marks the server to be suspended at the end of its period. A server
 * whose period ended is suspended: at once when nothing will renew it (cancelled, no subscription, the
 * renewal failed), otherwise after `RENEWAL_GRACE_MS` without a payment.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import { serverMonthPrice } from '@falkenhost/contracts/money';
import { sql, type Transaction } from 'kysely';
import { invoiceText } from '../billing/invoice-format';
import { issueInvoice, priceLines } from '../billing/invoices';
import { payReferralBonus, reverseReferralBonus } from '../billing/referrals';
import {
  cancelSubscription,
  createSubscription,
  findRunningSubscription,
  listSubscriptionPayments,
  type PaymentState,
  updateSubscriptionAmount,
} from '../integrations/mollie';
import { enqueuePanelTask, runPanelQueue } from '../panel/panel-queue';
import type { AppContext } from '../platform/context';
import type { Database, Order, User } from '../platform/db/schema';
import { AppError, isUniqueViolation } from '../platform/errors';
import { mailDate, renderNoticeMail } from '../platform/mail/templates';
import { queueMail } from '../platform/outbox';
import { DAY_MS } from '../servers/hourly-billing';
import { loadOwnedServer } from '../servers/owned-server';
import { advanceCardOrder, invoiceDay, issueCreditNote, periodEnd } from './card-orders';

/** A renewal may arrive this long after the paid period ended before the server is suspended. */
export const RENEWAL_GRACE_MS = DAY_MS;

/** The subscription's date of a paid period's end: its UTC day (`YYYY-MM-DD`). */
function isoDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * Makes Mollie's subscription of one monthly server match our database (see the module comment).
 * @throws the Mollie client's error when Mollie refuses or cannot be reached (retried by the jobs)
 */
export async function syncSubscription(ctx: AppContext, userPackageId: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select([
      'up.id',
      'up.name',
      'up.status',
      'up.billing_type',
      'up.mollie_mandate_id',
      'up.mollie_subscription_id',
      'up.cancelled_at',
      'up.paid_until',
      'up.period_anchor',
      'up.monthly_amount_cents',
      'up.subscription_amount_cents',
      'u.mollie_customer_id',
    ])
    .where('up.id', '=', userPackageId)
    .executeTakeFirst();
  if (row?.billing_type !== 'monthly' || !row.mollie_customer_id) return;
  const wanted = row.monthly_amount_cents ?? 0;
  const live = row.status === 'paid' && row.cancelled_at === null;

  if (row.mollie_subscription_id && !live) {
    await cancelSubscription(ctx.mollie, row.mollie_customer_id, row.mollie_subscription_id);
    await ctx.db
      .updateTable('user_packages')
      .set({ mollie_subscription_id: null, subscription_amount_cents: null })
      .where('id', '=', row.id)
      .where('mollie_subscription_id', '=', row.mollie_subscription_id)
      .execute();
    return;
  }
  if (!live || wanted <= 0 || row.paid_until === null) return;
  if (!row.mollie_subscription_id) {
    if (!row.mollie_mandate_id) return;
    // Created before and its answer lost past the Idempotency-Key's hour: adopted, not made twice.
    const running = await findRunningSubscription(ctx.mollie, row.mollie_customer_id, row.id);
    if (running) {
      await ctx.db
        .updateTable('user_packages')
        .set({ mollie_subscription_id: running.id, subscription_amount_cents: running.amountCents })
        .where('id', '=', row.id)
        .where('mollie_subscription_id', 'is', null)
        .execute();
      return;
    }
    const id = await createSubscription(ctx.mollie, {
      customerId: row.mollie_customer_id,
      mandateId: row.mollie_mandate_id,
      amountCents: wanted,
      description: `Falkenhost server ${row.name} (#${row.id}, from ${isoDay(row.period_anchor ?? row.paid_until)})`,
      startDate: isoDay(row.paid_until),
      webhookUrl: `${ctx.config.publicUrl}/api/webhooks/mollie`,
      metadata: { userPackageId: row.id },
      idempotencyKey: `subscription-${row.id}-${row.period_anchor ?? 0}`,
    });
    await ctx.db
      .updateTable('user_packages')
      .set({
        mollie_subscription_id: id,
        subscription_amount_cents: wanted,
        previous_subscription_amount_cents: null,
      })
      .where('id', '=', row.id)
      .where('mollie_subscription_id', 'is', null)
      .execute();
    return;
  }
  if (row.subscription_amount_cents !== wanted) {
    await updateSubscriptionAmount(ctx.mollie, row.mollie_customer_id, row.mollie_subscription_id, wanted);
    await ctx.db
      .updateTable('user_packages')
      .set({
        subscription_amount_cents: wanted,
        previous_subscription_amount_cents: row.subscription_amount_cents,
      })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * Syncs every monthly server whose subscription is not what our database says (the jobs' pass).
 * @returns how many servers were synced
 */
export async function syncSubscriptions(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select('up.id')
    .where('up.billing_type', '=', 'monthly')
    .where('u.mollie_customer_id', 'is not', null)
    .where((eb) =>
      eb.or([
        // a subscription to cancel
        eb.and([
          eb('up.mollie_subscription_id', 'is not', null),
          eb.or([eb('up.status', '!=', 'paid'), eb('up.cancelled_at', 'is not', null)]),
        ]),
        // a subscription to create
        eb.and([
          eb('up.mollie_subscription_id', 'is', null),
          eb('up.status', '=', 'paid'),
          eb('up.cancelled_at', 'is', null),
          eb('up.mollie_mandate_id', 'is not', null),
          eb('up.monthly_amount_cents', '>', 0),
        ]),
        // an amount to update
        eb.and([
          eb('up.mollie_subscription_id', 'is not', null),
          eb('up.status', '=', 'paid'),
          eb(
            sql`coalesce(up.subscription_amount_cents, -1)`,
            '!=',
            sql`coalesce(up.monthly_amount_cents, -1)`,
          ),
        ]),
      ]),
    )
    .limit(200)
    .execute();
  let done = 0;
  for (const { id } of rows) {
    try {
      await syncSubscription(ctx, id);
      done += 1;
    } catch (error) {
      ctx.log.warn({ err: error, userPackageId: id }, 'syncing a subscription failed; retried later');
    }
  }
  return done;
}

/** What a renewal order keeps in `details` (JSON). */
interface RenewalDetails {
  subscriptionId: string | null;
  serverName: string;
  /** set when paid: the paid period it extended (`period_anchor`) and the month's number in it */
  periodAnchor?: number;
  period?: number;
}

/**
 * Records a renewal (a subscription's payment, first seen in its webhook or in the subscription's payment
 * list) once. Paid: the paid period grows by one month under the server row's write lock (two renewals
 * settled at once make two months), with an invoice and the referrer's bonus; a server that is gone
 * (deleted, failed) cannot use the month and the payment is refunded. Failed: the server is suspended at
 * the end of its period and the customer mailed.
 * @returns 'ignored' (no server has that subscription), 'unchanged' (already recorded, still open, or an
 *   amount that matches neither the subscription's amount now nor before its last change: logged, not
 *   applied), 'paid', or 'closed' (failed, or refunded for want of a server)
 */
export async function settleRenewal(
  ctx: AppContext,
  payment: PaymentState,
): Promise<'ignored' | 'unchanged' | 'paid' | 'closed'> {
  const server = await ctx.db
    .selectFrom('user_packages')
    .selectAll()
    .where('mollie_subscription_id', '=', payment.subscriptionId)
    .executeTakeFirst();
  const byMetadata = (payment.metadata as { userPackageId?: unknown } | null)?.userPackageId;
  const owner =
    server ??
    (typeof byMetadata === 'number'
      ? await ctx.db.selectFrom('user_packages').selectAll().where('id', '=', byMetadata).executeTakeFirst()
      : undefined);
  if (owner?.billing_type !== 'monthly') return 'ignored';
  const t = ctx.now();
  const recorded: RenewalDetails = { subscriptionId: payment.subscriptionId, serverName: owner.name };
  try {
    await ctx.db
      .insertInto('orders')
      .values({
        public_id: crypto.randomUUID(),
        user_id: owner.user_id,
        kind: 'renewal',
        status: 'pending',
        credits_amount: 0,
        amount_cents: payment.amountCents,
        fee_cents: 0,
        discount_id: null,
        discount_bp: 0,
        payment_method: 'creditCard',
        mollie_payment_id: payment.id,
        user_package_id: owner.id,
        details: JSON.stringify(recorded),
        created_at: t,
        completed_at: null,
        locked_until: null,
      })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const order = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('mollie_payment_id', '=', payment.id)
    .executeTakeFirstOrThrow();
  if (order.status !== 'pending') return 'unchanged';

  if (payment.status === 'paid') {
    const expected = [
      owner.monthly_amount_cents,
      owner.subscription_amount_cents,
      owner.previous_subscription_amount_cents,
    ];
    if (!expected.includes(payment.amountCents)) {
      ctx.log.error(
        { paymentId: payment.id, amountCents: payment.amountCents, expected, userPackageId: owner.id },
        'a renewal whose amount differs from the subscription: not applied',
      );
      return 'unchanged';
    }
    const outcome = await ctx.db.transaction().execute((trx) => applyPaidRenewal(ctx, trx, order, payment));
    if (outcome === 'refund') {
      await advanceCardOrder(ctx, order.id).catch((error) =>
        ctx.log.warn({ err: error, orderId: order.id }, 'refunding a renewal failed; retried later'),
      );
      await syncSubscription(ctx, owner.id).catch((error) =>
        ctx.log.warn({ err: error, userPackageId: owner.id }, 'cancelling the subscription failed'),
      );
      return 'closed';
    }
    await runPanelQueue(ctx).catch((error) => ctx.log.warn({ err: error }, 'panel queue run failed'));
    return outcome === 'paid' ? 'paid' : 'unchanged';
  }

  if (['failed', 'canceled', 'expired'].includes(payment.status)) {
    const closed = await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      const claimed = await trx
        .updateTable('orders')
        .set({ status: payment.status, completed_at: now })
        .where('id', '=', order.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const marked = await trx
        .updateTable('user_packages')
        .set({ renewal_failed_at: now })
        .where('id', '=', owner.id)
        .where('status', 'in', ['paid', 'suspended'])
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return true;
      const user = await trx
        .selectFrom('users')
        .select(['email', 'username', 'language', 'time_zone'])
        .where('id', '=', owner.user_id)
        .executeTakeFirstOrThrow();
      await queueMail(
        trx,
        user.email,
        renderNoticeMail('renewalFailed', user.language, {
          username: user.username,
          server: owner.name,
          date: mailDate(user.language, user.time_zone, owner.paid_until ?? now),
        }),
        now,
      );
      return true;
    });
    return closed ? 'closed' : 'unchanged';
  }
  return 'unchanged';
}

/**
 * Inside `trx`: a paid renewal recorded as pending extends its server's paid period by one month (and
 * wakes it when suspended), with the invoice and the referrer's bonus; or, when the server is gone, is
 * moved to `refunding`.
 * @returns 'paid', 'refund', or 'none' when another delivery settled it first
 */
async function applyPaidRenewal(
  ctx: AppContext,
  trx: Transaction<Database>,
  order: Order,
  payment: PaymentState,
): Promise<'paid' | 'refund' | 'none'> {
  const now = ctx.now();
  const claimed = await trx
    .updateTable('orders')
    .set({ status: 'completed', completed_at: now })
    .where('id', '=', order.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return 'none';
  // The increment takes the row's write lock (PostgreSQL) or the database's (SQLite) until commit, so a
  // second renewal settled at the same time counts from this one's month.
  const extended = await trx
    .updateTable('user_packages')
    .set({ periods_paid: sql<number>`coalesce(periods_paid, 1) + 1` })
    .where('id', '=', order.user_package_id ?? 0)
    .where('status', 'in', ['paid', 'suspended'])
    .executeTakeFirst();
  if (Number(extended.numUpdatedRows) !== 1) {
    await trx
      .updateTable('orders')
      .set({ status: 'refunding', completed_at: null })
      .where('id', '=', order.id)
      .execute();
    return 'refund';
  }
  const up = await trx
    .selectFrom('user_packages')
    .selectAll()
    .where('id', '=', order.user_package_id ?? 0)
    .executeTakeFirstOrThrow();
  const anchor = up.period_anchor ?? now;
  const periods = up.periods_paid ?? 2;
  const from = periodEnd(anchor, periods - 1);
  const to = periodEnd(anchor, periods);
  const woken = up.status === 'suspended';
  await trx
    .updateTable('user_packages')
    .set({
      paid_until: to,
      renewal_failed_at: null,
      ...(woken ? { status: 'paid', suspended_at: null, delete_at: null, deletion_warnings: 0 } : {}),
    })
    .where('id', '=', up.id)
    .execute();
  if (woken) {
    await enqueuePanelTask(trx, { userPackageId: up.id, kind: 'unsuspend', now });
    await enqueuePanelTask(trx, { userPackageId: up.id, kind: 'power', signal: 'start', now });
  }
  const user = await trx
    .selectFrom('users')
    .select('language')
    .where('id', '=', up.user_id)
    .executeTakeFirstOrThrow();
  const pkg = await trx
    .selectFrom('packages')
    .select('name')
    .where('id', '=', up.package_id)
    .executeTakeFirstOrThrow();
  const base = invoiceText(user.language, 'server', {
    server: up.name,
    package: pkg.name,
    from: invoiceDay(user.language, from),
    to: invoiceDay(user.language, to),
  });
  const breakdown = serverMonthPrice(up.credits_monthly, 0, 'creditCard');
  const itemised = breakdown.total === payment.amountCents;
  const lines = itemised
    ? priceLines(user.language, base, breakdown, { monthlyPercent: 5, method: 'creditCard' })
    : [{ description: base, quantity: 1, unitCents: payment.amountCents, totalCents: payment.amountCents }];
  const first = await trx
    .selectFrom('orders')
    .select('details')
    .where('user_package_id', '=', up.id)
    .where('kind', '=', 'package-card')
    .executeTakeFirst();
  const billingAddress = first ? (JSON.parse(first.details).billingAddress ?? null) : null;
  await issueInvoice(ctx, trx, {
    userId: up.user_id,
    orderId: order.id,
    sourceKey: `order:${order.id}`,
    kind: 'invoice',
    lines,
    payment: {
      method: invoiceText(user.language, 'method.creditCard'),
      reference: payment.id,
      paidAt: payment.paidAt ?? now,
    },
    billingAddress,
    issuedAt: now,
    mail: true,
  });
  const details: RenewalDetails = {
    ...(JSON.parse(order.details) as RenewalDetails),
    periodAnchor: anchor,
    period: periods,
  };
  const fee = itemised ? breakdown.fee : 0;
  await trx
    .updateTable('orders')
    .set({ fee_cents: fee, details: JSON.stringify(details) })
    .where('id', '=', order.id)
    .execute();
  await payReferralBonus(trx, up.user_id, payment.amountCents - fee, `order:${order.id}`, now);
  return 'paid';
}

/**
 * Settles the renewals of one monthly server that Mollie charged and whose webhook never reached us
 * (our server down past Mollie's retries): the subscription's newest payments are read and each one
 * not yet settled goes through `settleRenewal`. Open payments are left to their webhook.
 * @returns how many payments were settled now
 */
export async function settleMissedRenewals(ctx: AppContext, userPackageId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select(['up.mollie_subscription_id', 'u.mollie_customer_id'])
    .where('up.id', '=', userPackageId)
    .executeTakeFirst();
  if (!row?.mollie_subscription_id || !row.mollie_customer_id) return 0;
  const payments = await listSubscriptionPayments(
    ctx.mollie,
    row.mollie_customer_id,
    row.mollie_subscription_id,
  );
  let settled = 0;
  for (const payment of payments) {
    if (!['paid', 'failed', 'canceled', 'expired'].includes(payment.status)) continue;
    const seen = await ctx.db
      .selectFrom('orders')
      .select('status')
      .where('mollie_payment_id', '=', payment.id)
      .executeTakeFirst();
    if (seen && seen.status !== 'pending') continue;
    const outcome = await settleRenewal(ctx, payment);
    if (outcome === 'paid' || outcome === 'closed') settled += 1;
  }
  return settled;
}

/**
 * The hourly pass of `settleMissedRenewals` over monthly servers whose paid period is over and whose
 * renewal has not arrived (running, with a subscription, within the renewal grace).
 * @returns how many renewals were settled
 */
export async function pollMissedRenewals(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .selectFrom('user_packages')
    .select('id')
    .where('billing_type', '=', 'monthly')
    .where('status', '=', 'paid')
    .where('paid_until', '<=', ctx.now())
    .where('mollie_subscription_id', 'is not', null)
    .where('cancelled_at', 'is', null)
    .limit(500)
    .execute();
  let settled = 0;
  for (const { id } of rows) {
    settled += await settleMissedRenewals(ctx, id).catch((error) => {
      ctx.log.warn({ err: error, userPackageId: id }, "reading a subscription's payments failed");
      return 0;
    });
  }
  return settled;
}

/**
 * Applies money taken back (refund or chargeback) from a paid server payment (first month, unsuspend,
 * renewal), as credit orders handle theirs: a credit note for the part not yet credited, the referrer's
 * bonus taken back in proportion, and when the whole payment went back the month it paid is taken off
 * the paid period (the server is then suspended by the usual path when that period is over).
 * @returns 'reversed' when something new was applied, else 'unchanged'
 */
export async function reverseServerPayment(
  ctx: AppContext,
  order: Order,
  payment: PaymentState,
): Promise<'reversed' | 'unchanged'> {
  const takenBack = Math.min(payment.takenBackCents, order.amount_cents);
  if (payment.status !== 'paid' || takenBack <= 0) return 'unchanged';
  return ctx.db.transaction().execute(async (trx) => {
    const t = ctx.now();
    const kind = payment.chargedBackCents > 0 ? 'chargeback' : 'refund';
    const issued = await issueCreditNote(ctx, trx, order, takenBack, kind);
    if (!issued) return 'unchanged' as const;
    await reverseReferralBonus(trx, ctx.dialect, order, takenBack, t);
    if (takenBack >= order.amount_cents && order.user_package_id !== null && order.status === 'completed') {
      // Only a month of the period running now is taken off: a payment for a period that ended (the
      // server was suspended and unsuspended since, a new anchor) bought nothing that still runs.
      const paidFor = (JSON.parse(order.details) as { periodAnchor?: number }).periodAnchor;
      const up = await trx
        .selectFrom('user_packages')
        .select(['period_anchor', 'periods_paid'])
        .where('id', '=', order.user_package_id)
        .where('billing_type', '=', 'monthly')
        .executeTakeFirst();
      if (
        up?.period_anchor != null &&
        up.periods_paid != null &&
        up.periods_paid > 0 &&
        (paidFor === undefined || paidFor === up.period_anchor)
      ) {
        const periods = up.periods_paid - 1;
        await trx
          .updateTable('user_packages')
          .set({
            periods_paid: periods,
            paid_until: periodEnd(up.period_anchor, periods),
            renewal_failed_at: t,
          })
          .where('id', '=', order.user_package_id)
          .where('periods_paid', '=', up.periods_paid)
          .execute();
      }
    }
    return 'reversed' as const;
  });
}

/**
 * Suspends monthly servers whose paid period is over: at once when nothing will renew them (cancelled,
 * no subscription, the last renewal failed), else after RENEWAL_GRACE_MS; the panel suspension is queued,
 * the deletion date set SUSPEND_DAYS ahead and the customer mailed. Free servers (price 0) never end.
 * @returns how many servers were suspended
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
      'u.language',
      'u.time_zone',
    ])
    .where('up.billing_type', '=', 'monthly')
    .where('up.status', '=', 'paid')
    .where('up.credits_monthly', '>', 0)
    .where('up.paid_until', '<=', t)
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
    // A renewal Mollie charged but whose webhook was lost extends the period instead (the update below
    // then finds the period not over).
    if (row.mollie_subscription_id && row.cancelled_at === null) {
      await settleMissedRenewals(ctx, row.id).catch((error) =>
        ctx.log.warn({ err: error, userPackageId: row.id }, "reading a subscription's payments failed"),
      );
    }
    const deleteAt = t + ctx.config.suspendDays * DAY_MS;
    const done = await ctx.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('user_packages')
        .set({ status: 'suspended', suspended_at: t, delete_at: deleteAt, deletion_warnings: 0 })
        .where('id', '=', row.id)
        .where('status', '=', 'paid')
        .where('paid_until', '<=', t)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      await enqueuePanelTask(trx, { userPackageId: row.id, kind: 'suspend', now: t });
      await queueMail(
        trx,
        row.email,
        renderNoticeMail('suspendedMonthly', row.language, {
          username: row.username,
          server: row.name,
          date: mailDate(row.language, row.time_zone, deleteAt),
        }),
        t,
      );
      return true;
    });
    if (!done) continue;
    suspended += 1;
    await syncSubscription(ctx, row.id).catch((error) =>
      ctx.log.warn(
        { err: error, userPackageId: row.id },
        'cancelling the subscription failed; retried later',
      ),
    );
  }
  return suspended;
}

/**
 * The customer cancels a monthly server (spec 7 `cancel-server`): the subscription is cancelled and the
 * mandate forgotten (the card shows the cancelled state), the server runs to the end of its paid period,
 * then it is suspended and deleted like any other.
 * @returns the end of the paid period (epoch ms)
 * @throws AppError 404, 409 server-state (not running, or cancelled already)
 */
export async function cancelMonthly(ctx: AppContext, user: User, userPackageId: number): Promise<number> {
  const { server } = await loadOwnedServer(ctx, user.id, userPackageId);
  if (server.billing_type !== 'monthly' || server.status !== 'paid' || server.cancelled_at !== null)
    throw new AppError(409, REASONS.serverState);
  const marked = await ctx.db
    .updateTable('user_packages')
    .set({ cancelled_at: ctx.now(), mollie_mandate_id: null })
    .where('id', '=', server.id)
    .where('status', '=', 'paid')
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw new AppError(409, REASONS.serverState);
  await syncSubscription(ctx, server.id).catch((error) =>
    ctx.log.warn(
      { err: error, userPackageId: server.id },
      'cancelling the subscription failed; retried later',
    ),
  );
  return server.paid_until ?? ctx.now();
}
