/**
 * Credit purchases through Mollie (product.md "Validation rules", "Business constants and limits"): the order
 * is written first, then the payment; credits come from the webhook only, once per paid payment
 * (docs/decisions/051-credit-order-pricing.md).
 */

import { randomUUID } from 'node:crypto';
import { orderReturnPath, SECTION_PATHS } from '@falkenhost/contracts/dashboard-addresses';
import { REASONS } from '@falkenhost/contracts/errors';
import { creditsOrderPrice, creditsToUnits, unitsToCredits } from '@falkenhost/contracts/money';
import type { OrderCreditsBody } from '@falkenhost/contracts/store';
import { applyLedgerEntry } from '../../billing/ledger';
import { checkOrderReferrer, payReferralBonus, setOrderReferrer } from '../../billing/referrals';
import { findValidDiscount } from '../../catalog/discounts';
import { createPayment, type PaymentState } from '../../integrations/mollie';
import type { AppContext } from '../../platform/context';
import type { Order, User } from '../../platform/db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { notifyStaff } from '../../platform/staff-webhook';
import { issueCreditsInvoice } from '../records/order-invoices';
import { insertPendingOrder, usernameOf } from '../records/order-records';
import { moveOrder } from '../records/order-status';
import { recordMolliePayment } from '../records/webhookless';
import { TOP_UP_KIND, turnOnWithMandate } from '../top-ups/top-up-records';

type ParsedOrderCredits = Required<Pick<OrderCreditsBody, 'referrer' | 'discountCode'>> &
  Omit<OrderCreditsBody, 'referrer' | 'discountCode' | 'creditsAmount'> & { creditsAmount: number };

/**
 * Creates a credits order and its Mollie payment; answers the checkout URL.
 * `back` is where Mollie returns the browser to (origin-check.ts#returnBase).
 * @throws AppError 400 discount, 400 referrer-self, 404 referrer-not-found (nothing written);
 *   502 payment (the order is marked failed)
 */
export async function orderCredits(
  ctx: AppContext,
  user: User,
  body: ParsedOrderCredits,
  back: string = ctx.config.publicUrl,
): Promise<string> {
  const { db, now } = ctx;
  const discount = await findValidDiscount(db, body.discountCode, now());
  const referrerId = await checkOrderReferrer(db, user.id, body.referrer);
  const price = creditsOrderPrice(body.creditsAmount, discount?.percentageBp ?? 0, body.paymentMethod);
  const publicId = randomUUID();
  const t = now();
  const order = await db.transaction().execute(async (trx) => {
    await setOrderReferrer(trx, user.id, referrerId, t);
    return insertPendingOrder(trx, {
      publicId,
      userId: user.id,
      kind: 'credits',
      creditsAmount: creditsToUnits(body.creditsAmount),
      amountCents: price.total,
      feeCents: price.fee,
      discountId: discount?.id ?? null,
      discountBp: discount?.percentageBp ?? 0,
      paymentMethod: body.paymentMethod,
      userPackageId: null,
      details: {
        billingAddress: {
          addressLine1: body.addressLine1,
          addressLine2: body.addressLine2,
          city: body.city,
          postalCode: body.postalCode,
          state: body.state,
          country: body.country,
        },
        price,
      },
      createdAt: t,
    });
  });

  try {
    const payment = await createPayment(ctx.mollie, {
      amountCents: price.total,
      description: `Falkenhost: ${body.creditsAmount} credits (order ${order.id})`,
      // Bought for a refused order: the store reopens it from the browser's draft (decision 430).
      // Back to the shop, where credits are bought (decision 433); the shop reopens the game of the draft.
      redirectUrl: `${back}${orderReturnPath(SECTION_PATHS.customer_store, publicId, body.resume ? { resume: body.resume } : {})}`,
      webhookUrl: `${ctx.config.publicUrl}/api/webhooks/mollie`,
      method: body.paymentMethod,
      language: user.language,
      metadata: { orderId: publicId },
      idempotencyKey: publicId,
    });
    await recordMolliePayment(ctx, order.id, payment);
    return payment.checkoutUrl;
  } catch (error) {
    // Still pending: no payment id was recorded, so no webhook or poller could have settled it.
    await moveOrder(db, order.id, 'pending', 'failed', { completed_at: now() });
    throw new AppError(502, REASONS.payment, error instanceof Error ? error.message : undefined);
  }
}

/**
 * Records a paid order settled by its first payment alone once: completed, credits and invoice for a
 * credit order or an auto top-up, and the referrer's bonus. The first payment of auto top-up (a credit
 * order marked `autoTopUp`) also turns it on with the mandate it made (decisions/425).
 * @returns 'paid' when this call recorded it, 'unchanged' when another delivery did
 */
export async function settlePaidOrder(
  ctx: AppContext,
  order: Order,
  payment: PaymentState,
): Promise<'paid' | 'unchanged'> {
  const { db, now } = ctx;
  try {
    return await db.transaction().execute(async (trx) => {
      const t = now();
      if (!(await moveOrder(trx, order.id, 'pending', 'completed', { completed_at: t })))
        return 'unchanged' as const;
      if (order.kind === 'credits' || order.kind === TOP_UP_KIND) {
        await applyLedgerEntry(trx, {
          userId: order.user_id,
          amount: order.credits_amount,
          kind: 'purchase',
          reference: `order:${order.id}`,
          now: t,
        });
        await issueCreditsInvoice(ctx, trx, order, payment, t);
      }
      if (isAutoTopUpFirst(order) && payment.mandateId)
        await turnOnWithMandate(trx, order.user_id, order.id, payment.mandateId, t);
      // Top-ups are not told one by one: the staff overview shows their revenue.
      if (order.kind === 'credits') {
        await notifyStaff(ctx, trx, {
          type: 'new-order',
          orderId: order.id,
          orderKind: 'credits',
          username: await usernameOf(trx, order.user_id),
          amountCents: order.amount_cents,
          credits: unitsToCredits(order.credits_amount),
        });
      }
      await payReferralBonus(
        trx,
        order.user_id,
        { amountCents: order.amount_cents, feeCents: order.fee_cents },
        `order:${order.id}`,
        t,
      );
      return 'paid' as const;
    });
  } catch (error) {
    // A concurrent delivery already wrote the ledger row: this one changes nothing.
    if (isUniqueViolation(error)) return 'unchanged';
    throw error;
  }
}

/** Whether credit order `order` is the first payment of auto top-up (its `details` say `autoTopUp`). */
function isAutoTopUpFirst(order: Order): boolean {
  return (
    order.kind === 'credits' && (JSON.parse(order.details) as { autoTopUp?: unknown }).autoTopUp === true
  );
}
