/** Renewals of monthly servers, once per payment (docs/decisions/074-paid-period-and-renewals.md, 077). */
import { serverMonthPrice } from '@falkenhost/contracts/money';
import type { Transaction } from 'kysely';
import { invoiceText, serverMonthText } from '../../billing/invoice-format';
import { issueInvoice, priceLines, textLine } from '../../billing/invoices';
import { payReferralBonus } from '../../billing/referrals';
import { listSubscriptionPayments, type PaymentState } from '../../integrations/mollie';
import { enqueuePanelTask } from '../../panel/panel-queue';
import type { AppContext } from '../../platform/context';
import type { Database, Order } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/errors';
import { periodEnd } from '../../servers/paid-period';
import { runPanelQueue } from '../../servers/panel-task-results';
import { setServerMandate } from '../../servers/renewal-grace';
import { addPaidMonth, NO_RENEWAL_FAILURE, setPaidUntil } from '../../servers/server-records';
import { moveServer } from '../../servers/server-status';
import { advanceCardOrder } from '../checkout/card-order-advance';
import { insertRenewalOrder, setRenewalFigures } from '../records/order-records';
import { moveOrder } from '../records/order-status';
import { syncSubscription } from '../subscriptions/subscription-sync';
import { beginGrace } from './renewal-grace';

interface RenewalDetails {
  subscriptionId: string | null;
  serverName: string;
  /** set when paid: the paid period it extended and the month's number in it */
  periodAnchor?: number;
  period?: number;
}

/**
 * Records a renewal (seen in its webhook or in the subscription's payment list) once: paid extends the
 * paid period by a month, or refunds when the server is gone; failed begins the server's grace, in which
 * the payment is retried (renewal-grace.ts), or suspends it at the period's end when nothing can retry.
 * @returns 'ignored' (no server has that subscription), 'unchanged' (already recorded, still open, or an
 *   amount matching no subscription amount), 'paid', or 'closed' (failed, or refunded)
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
    await insertRenewalOrder(ctx.db, {
      publicId: crypto.randomUUID(),
      userId: owner.user_id,
      userPackageId: owner.id,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      details: recorded,
      createdAt: t,
    });
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
      const closedAs = payment.status as 'failed' | 'canceled' | 'expired';
      if (!(await moveOrder(trx, order.id, 'pending', closedAs, { completed_at: ctx.now() }))) return false;
      const user = await trx
        .selectFrom('users')
        .select(['email', 'username', 'first_name', 'language', 'time_zone'])
        .where('id', '=', owner.user_id)
        .executeTakeFirstOrThrow();
      // The row as it is now: a retry or an earlier delivery may have changed it since it was read.
      const current = await trx
        .selectFrom('user_packages')
        .selectAll()
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
      await beginGrace(ctx, trx, current, user, { paymentId: payment.id, status: closedAs });
      return true;
    });
    return closed ? 'closed' : 'unchanged';
  }
  return 'unchanged';
}

/**
 * Inside `trx`: a pending paid renewal extends its server's paid period by a month (waking it when
 * suspended, ending a grace) with invoice and bonus, or moves to `refunding` when the server is gone. A
 * payment of the grace (a retry, a payment with another card) names the month it pays
 * (`only.periodsPaid`): paid already by another, it is refunded too; with `only.mandateId` the server's
 * mandate becomes the new card's.
 * @returns 'paid', 'refund', or 'none' when another delivery settled it first
 */
export async function applyPaidRenewal(
  ctx: AppContext,
  trx: Transaction<Database>,
  order: Order,
  payment: PaymentState,
  only: { periodsPaid?: number; mandateId?: string | null } = {},
): Promise<'paid' | 'refund' | 'none'> {
  const now = ctx.now();
  if (!(await moveOrder(trx, order.id, 'pending', 'completed', { completed_at: now }))) return 'none';
  // Takes the server row's write lock until commit: a second renewal counts from this one's month.
  if (!(await addPaidMonth(trx, order.user_package_id ?? 0, only.periodsPaid))) {
    await moveOrder(trx, order.id, 'completed', 'refunding', { completed_at: null });
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
  if (woken) {
    await moveServer(trx, up.id, 'suspended', 'paid', {
      paid_until: to,
      ...NO_RENEWAL_FAILURE,
      suspended_at: null,
      delete_at: null,
      deletion_warnings: 0,
    });
    await enqueuePanelTask(trx, { userPackageId: up.id, kind: 'unsuspend', now });
    await enqueuePanelTask(trx, { userPackageId: up.id, kind: 'power', signal: 'start', now });
  } else {
    await setPaidUntil(trx, up.id, to);
  }
  if (only.mandateId) await setServerMandate(trx, up.id, only.mandateId);
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
  const base = serverMonthText({ server: up.name, package: pkg.name }, { from, to });
  const breakdown = serverMonthPrice(up.credits_monthly, 0, 'creditCard');
  const itemised = breakdown.total === payment.amountCents;
  const lines = itemised
    ? priceLines(user.language, base, breakdown, { monthlyPercent: 5, method: 'creditCard' })
    : [textLine(user.language, base, payment.amountCents)];
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
  await setRenewalFigures(trx, order.id, fee, details);
  await payReferralBonus(
    trx,
    up.user_id,
    { amountCents: payment.amountCents, feeCents: fee },
    `order:${order.id}`,
    now,
  );
  return 'paid';
}

/**
 * Settles one monthly server's renewals whose webhook never reached us, read from the subscription's
 * newest payments; open payments are left to their webhook. Answers how many were settled now.
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

/** The hourly pass of `settleMissedRenewals` over monthly servers past their period awaiting a renewal. */
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
