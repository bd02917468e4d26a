/**
 * Money taken back from a paid order by a refund or chargeback
 * (docs/decisions/053-credit-order-take-backs.md, 076-server-payment-refunds.md).
 */
import { divRoundHalfUp } from '@falkenhost/contracts/money';
import type { Transaction } from 'kysely';
import { ledgerSum, takeUpTo } from '../../billing/ledger';
import { reverseReferralBonus } from '../../billing/referrals';
import type { PaymentState } from '../../integrations/mollie';
import type { AppContext } from '../../platform/context';
import type { Database, Order } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/errors';
import { notifyStaff } from '../../platform/staff-webhook';
import { periodEnd } from '../../servers/paid-period';
import { takeBackPaidMonth } from '../../servers/server-records';
import { issueCreditNote } from './order-invoices';
import { usernameOf } from './order-records';

/**
 * Takes back a credit order's credits and the referrer's bonus in proportion to the money taken back, the
 * balance stopping at zero; once per taken-back total.
 * @returns 'reversed' when something new was applied, else 'unchanged'
 */
export async function reverseCreditsTakenBack(
  ctx: AppContext,
  order: Order,
  payment: PaymentState,
): Promise<'reversed' | 'unchanged'> {
  const takenBack = Math.min(payment.takenBackCents, order.amount_cents);
  if (payment.status !== 'paid' || takenBack <= 0 || order.amount_cents <= 0) return 'unchanged';
  const { db, now } = ctx;
  const reference = `reversal:order:${order.id}:${takenBack}`;
  try {
    return await db.transaction().execute(async (trx) => {
      const t = now();
      const previous = await ledgerSum(trx, order.user_id, `reversal:order:${order.id}:`);
      const owed = divRoundHalfUp(order.credits_amount * takenBack, order.amount_cents);
      const due = Math.max(0, owed + previous);
      const taken = await takeUpTo(trx, ctx.dialect, {
        userId: order.user_id,
        units: due,
        kind: 'reversal',
        reference,
        now: t,
      });
      if (taken < due) {
        ctx.log.warn(
          { orderId: order.id, userId: order.user_id, shortfallUnits: due - taken },
          'refund or chargeback of credits already spent',
        );
      }
      await reverseReferralBonus(trx, ctx.dialect, order, takenBack, t);
      const kind = payment.chargedBackCents > 0 ? 'chargeback' : 'refund';
      await issueCreditNote(ctx, trx, order, takenBack, kind);
      await tellStaff(ctx, trx, order, payment, takenBack, kind);
      return 'reversed' as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'unchanged';
    throw error;
  }
}

/**
 * Applies money taken back from a paid server payment: a credit note, the bonus taken back in proportion,
 * and a month off the paid period when the whole payment went back.
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
    await tellStaff(ctx, trx, order, payment, takenBack, kind);
    if (takenBack >= order.amount_cents && order.user_package_id !== null && order.status === 'completed') {
      // A payment for a period that has ended bought nothing that still runs.
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
        await takeBackPaidMonth(trx, order.user_package_id, {
          periodsBefore: up.periods_paid,
          periods,
          paidUntil: periodEnd(up.period_anchor, periods),
          now: t,
        });
      }
    }
    return 'reversed' as const;
  });
}

/** Tells the staff webhook of money Mollie reports taken back from `order`'s payment (once per amount). */
async function tellStaff(
  ctx: AppContext,
  trx: Transaction<Database>,
  order: Order,
  payment: PaymentState,
  takenBack: number,
  kind: 'refund' | 'chargeback',
): Promise<void> {
  await notifyStaff(ctx, trx, {
    type: 'take-back',
    kind,
    paymentId: payment.id,
    orderId: order.id,
    takenBackCents: takenBack,
    paidCents: order.amount_cents,
    username: await usernameOf(trx, order.user_id),
    origin: 'mollie',
  });
}
