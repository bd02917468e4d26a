/**
 * Money taken back from a paid order by a refund or a chargeback (reference/mollie.md: Mollie calls the
 * webhook of a paid payment again): credits of a credit order are taken back, a server payment's month
 * is taken off the paid period; each with a credit note and the referrer's bonus taken back in proportion.
 */
import { divRoundHalfUp } from '@falkenhost/contracts/money';
import { ledgerSum, takeUpTo } from '../billing/ledger';
import { reverseReferralBonus } from '../billing/referrals';
import type { PaymentState } from '../integrations/mollie';
import type { AppContext } from '../platform/context';
import type { Order } from '../platform/db/schema';
import { isUniqueViolation } from '../platform/errors';
import { periodEnd } from '../servers/paid-period';
import { takeBackPaidMonth } from '../servers/server-records';
import { issueCreditNote } from './order-invoices';

/**
 * Takes back the credits of a refunded or charged-back credit order, in proportion to the money taken
 * back (all of it: every credit; half: half), and the referrer's bonus for it likewise. Credits already
 * spent cannot be taken: the balance goes to zero at most, and the shortfall is logged for the staff.
 * Each taken-back total applies once (ledger reference `reversal:order:<id>:<cents>`).
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
      await issueCreditNote(
        ctx,
        trx,
        order,
        takenBack,
        payment.chargedBackCents > 0 ? 'chargeback' : 'refund',
      );
      return 'reversed' as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'unchanged';
    throw error;
  }
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
