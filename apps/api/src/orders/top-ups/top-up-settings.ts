/**
 * The customer's auto top-up settings (product.md "Settings", docs/decisions/425-auto-top-up-settings.md):
 * read, and changed, on at once on a valid card mandate Mollie lists, else after a first payment that buys
 * the top-up's credits and makes the mandate.
 */

import { randomUUID } from 'node:crypto';
import type { AutoTopUpAnswer, AutoTopUpBody } from '@falkenhost/contracts/billing';
import { dashboardPath, orderReturnPath } from '@falkenhost/contracts/dashboard-addresses';
import { REASONS } from '@falkenhost/contracts/errors';
import { centsToEur, creditsToUnits, topUpPrice, unitsToCredits } from '@falkenhost/contracts/money';
import type { BillingAddress } from '@falkenhost/contracts/store';
import { createPayment } from '../../integrations/mollie';
import { findValidCardMandate } from '../../integrations/mollie-recurring';
import type { AppContext } from '../../platform/context';
import type { AutoTopUp, User } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { ensureMollieCustomer } from '../checkout/card-checkout';
import { insertPendingOrder } from '../records/order-records';
import { moveOrder } from '../records/order-status';
import { recordMolliePayment } from '../records/webhookless';
import {
  type AutoTopUpChoice,
  type AutoTopUpStatus,
  capMonthStart,
  readAutoTopUp,
  saveAutoTopUp,
  topUpCentsSince,
} from './top-up-records';

/** What GET answers before the customer chose anything (off). */
const DEFAULTS = { threshold: 100, amount: 500, monthlyCap: 100 };

/**
 * GET billing/auto-top-up: the customer's settings, what one top-up costs and what top-ups cost this
 * month. A first payment that ended unpaid shows as off.
 */
export async function autoTopUpOf(ctx: AppContext, userId: number): Promise<AutoTopUpAnswer> {
  const row = await readAutoTopUp(ctx.db, userId);
  const spent = await topUpCentsSince(ctx.db, userId, capMonthStart(ctx.now()));
  if (!row) {
    return {
      enabled: false,
      status: 'off',
      ...DEFAULTS,
      topUpPrice: centsToEur(topUpPrice(DEFAULTS.amount).total),
      spentThisMonth: centsToEur(spent),
      failedAt: null,
    };
  }
  const status = await shownStatus(ctx, row);
  return {
    enabled: status === 'on',
    status,
    threshold: unitsToCredits(Number(row.threshold_units)),
    amount: row.amount_credits,
    monthlyCap: Number(row.monthly_cap_cents) / 100,
    topUpPrice: centsToEur(topUpPrice(row.amount_credits).total),
    spentThisMonth: centsToEur(spent),
    failedAt: row.failed_at === null ? null : new Date(Number(row.failed_at)).toISOString(),
  };
}

/** `awaiting-payment` whose first payment ended without being paid reads as off. */
async function shownStatus(ctx: AppContext, row: AutoTopUp): Promise<AutoTopUpStatus> {
  if (row.status !== 'awaiting-payment' || row.first_order_id === null) return row.status as AutoTopUpStatus;
  const order = await ctx.db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', row.first_order_id)
    .executeTakeFirst();
  return order?.status === 'pending' ? 'awaiting-payment' : 'off';
}

/**
 * PUT billing/auto-top-up (the body checked by the contracts' `autoTopUpBody`). Off is saved at once.
 * On: Mollie's list of the customer's mandates is read; with a valid card mandate it is on at once;
 * without one a credit order of `amount` credits is made Mollie's first payment (its checkout answered as
 * `checkoutUrl`), and auto top-up goes on when it is paid (credit-orders.ts#settlePaidOrder).
 * @param back where Mollie returns the browser to (origin-check.ts#returnBase)
 * @throws AppError 502 payment when Mollie cannot be read or refuses the first payment (nothing changed)
 */
export async function changeAutoTopUp(
  ctx: AppContext,
  user: User,
  body: AutoTopUpBody,
  back: string = ctx.config.publicUrl,
): Promise<AutoTopUpAnswer> {
  const choice: AutoTopUpChoice = {
    status: 'off',
    thresholdUnits: creditsToUnits(body.threshold),
    amountCredits: body.amount,
    monthlyCapCents: body.monthlyCap * 100,
    mandateId: null,
    firstOrderId: null,
    billingAddress: await lastBillingAddress(ctx, user.id),
  };
  if (!body.enabled) {
    const kept = await readAutoTopUp(ctx.db, user.id);
    await saveAutoTopUp(ctx.db, user.id, { ...choice, mandateId: kept?.mandate_id ?? null }, ctx.now());
    return autoTopUpOf(ctx, user.id);
  }
  const mandateId = await validMandateOf(ctx, user);
  if (mandateId) {
    await saveAutoTopUp(ctx.db, user.id, { ...choice, status: 'on', mandateId }, ctx.now());
    return autoTopUpOf(ctx, user.id);
  }
  const { orderId, checkoutUrl } = await startFirstPayment(ctx, user, choice, back);
  await saveAutoTopUp(
    ctx.db,
    user.id,
    { ...choice, status: 'awaiting-payment', firstOrderId: orderId },
    ctx.now(),
  );
  return { ...(await autoTopUpOf(ctx, user.id)), checkoutUrl };
}

/** The customer's newest valid card mandate on Mollie, or null. @throws AppError 502 payment */
async function validMandateOf(ctx: AppContext, user: User): Promise<string | null> {
  if (!user.mollie_customer_id) return null;
  try {
    return await findValidCardMandate(ctx.mollie, user.mollie_customer_id);
  } catch (error) {
    throw new AppError(502, REASONS.payment, error instanceof Error ? error.message : undefined);
  }
}

/**
 * The first payment of auto top-up: a pending credit order of the top-up's amount (card, no discount,
 * marked `autoTopUp`), then Mollie's `first` payment on the customer, which makes the mandate.
 * @throws AppError 502 payment (the order, if written, is marked failed)
 */
async function startFirstPayment(
  ctx: AppContext,
  user: User,
  choice: AutoTopUpChoice,
  back: string,
): Promise<{ orderId: number; checkoutUrl: string }> {
  const customerId = await ensureMollieCustomer(ctx, user).catch((error) => {
    throw new AppError(502, REASONS.payment, error instanceof Error ? error.message : undefined);
  });
  const price = topUpPrice(choice.amountCredits);
  const publicId = randomUUID();
  const order = await ctx.db.transaction().execute((trx) =>
    insertPendingOrder(trx, {
      publicId,
      userId: user.id,
      kind: 'credits',
      creditsAmount: creditsToUnits(choice.amountCredits),
      amountCents: price.total,
      feeCents: price.fee,
      discountId: null,
      discountBp: 0,
      paymentMethod: 'creditCard',
      userPackageId: null,
      details: { billingAddress: choice.billingAddress, price, autoTopUp: true },
      createdAt: ctx.now(),
    }),
  );
  try {
    const payment = await createPayment(ctx.mollie, {
      amountCents: price.total,
      description: `Falkenhost: ${choice.amountCredits} credits, auto top-up set-up (order ${order.id})`,
      // Back to the settings' billing, where the automatic top-up is set (decision 433).
      redirectUrl: `${back}${orderReturnPath(dashboardPath('settings', 'billing'), publicId)}`,
      webhookUrl: `${ctx.config.publicUrl}/api/webhooks/mollie`,
      method: 'creditCard',
      language: user.language,
      metadata: { orderId: publicId },
      idempotencyKey: publicId,
      first: { customerId },
    });
    await recordMolliePayment(ctx, order.id, payment);
    return { orderId: order.id, checkoutUrl: payment.checkoutUrl };
  } catch (error) {
    await moveOrder(ctx.db, order.id, 'pending', 'failed', { completed_at: ctx.now() });
    throw new AppError(502, REASONS.payment, error instanceof Error ? error.message : undefined);
  }
}

/** The billing address of the customer's newest order that has one (top-ups' invoices carry it), or null. */
async function lastBillingAddress(ctx: AppContext, userId: number): Promise<BillingAddress | null> {
  const rows = await ctx.db
    .selectFrom('orders')
    .select('details')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  for (const row of rows) {
    const address = (JSON.parse(row.details) as { billingAddress?: BillingAddress | null }).billingAddress;
    if (address) return address;
  }
  return null;
}
