/**
 * Retries of a failed renewal on the customer's mandate (docs/decisions/421-renewal-retry-payments.md):
 * each due try is claimed once and written as a pending `renewal-retry` order first (the intent), then
 * charged as a Mollie recurring payment keyed by that order; a try whose answer was lost is found again by
 * its metadata before it is created anew, so a crash at any step charges once. Run by the jobs' tick.
 */
import { isUnprocessable, isWebhookUrlRefusal } from '../../integrations/mollie';
import { createRecurringPayment, findCustomerPayment } from '../../integrations/mollie-recurring';
import { MINUTE_MS } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Order } from '../../platform/db/schema';
import { claimRenewalRetry } from '../../servers/renewal-grace';
import { insertPendingOrder } from '../records/order-records';
import { moveOrder } from '../records/order-status';
import { recordMolliePayment } from '../records/webhookless';
import { closeFailedRetry, settleGracePayment } from './grace-payments';

/** What a `renewal-retry` order records: the month it pays and which try it is. */
export interface RenewalRetryDetails {
  serverName: string;
  /** the server's `periods_paid` at the try: the payment buys month `periodsPaid + 1` */
  periodsPaid: number;
  /** 1-based, of RENEWAL_RETRY_DAYS */
  attempt: number;
}

/** A try older than this without its payment id is looked for at Mollie before it is created again. */
export const RETRY_LOOKUP_AFTER_MS = MINUTE_MS;
/** Servers and tries a run takes at most; the rest wait for the next run. */
const BATCH = 200;

/**
 * Starts the retries that are due: claims each (once across instances) with its intent order, then
 * charges every intent that has no Mollie payment yet, including those a crash left.
 * @returns how many tries were charged (or found charged) by this run
 */
export async function runRenewalRetries(ctx: AppContext): Promise<number> {
  const t = ctx.now();
  const due = await ctx.db
    .selectFrom('user_packages')
    .select(['id', 'name', 'renewal_retry_at', 'monthly_amount_cents', 'periods_paid', 'user_id'])
    .where('grace_until', 'is not', null)
    .where('renewal_retry_at', '<=', t)
    .where('status', '=', 'paid')
    .orderBy('renewal_retry_at')
    .limit(BATCH)
    .execute();
  for (const row of due) {
    await ctx.db.transaction().execute(async (trx) => {
      const attempt = await claimRenewalRetry(trx, row.id, row.renewal_retry_at ?? 0);
      if (attempt === null) return;
      const details: RenewalRetryDetails = {
        serverName: row.name,
        periodsPaid: row.periods_paid ?? 1,
        attempt,
      };
      await insertPendingOrder(trx, {
        publicId: crypto.randomUUID(),
        userId: row.user_id,
        kind: 'renewal-retry',
        creditsAmount: 0,
        userPackageId: row.id,
        amountCents: row.monthly_amount_cents ?? 0,
        feeCents: 0,
        discountId: null,
        discountBp: 0,
        paymentMethod: 'creditCard',
        details,
        createdAt: t,
      });
    });
  }
  const intents = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('kind', '=', 'renewal-retry')
    .where('status', '=', 'pending')
    .where('mollie_payment_id', 'is', null)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let charged = 0;
  for (const order of intents) {
    try {
      if (await chargeRetry(ctx, order)) charged += 1;
    } catch (error) {
      ctx.log.warn(
        { err: error, orderId: order.id },
        'a renewal retry could not reach Mollie; tried again later',
      );
    }
  }
  return charged;
}

/**
 * Charges one retry intent: cancelled when its server left the grace meanwhile (paid, cancelled); a
 * payment made for it before (answer lost) is adopted; else a recurring payment is created under the key
 * `renewal-retry-<order id>`. Mollie refusing it (no valid mandate) counts as a failed try.
 * @returns whether a payment now stands for the try
 * @throws the Mollie client's error when Mollie cannot be reached (the intent stays for the next run)
 */
async function chargeRetry(ctx: AppContext, order: Order): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('user_packages as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select(['up.status', 'up.grace_until', 'up.mollie_mandate_id', 'u.mollie_customer_id'])
    .where('up.id', '=', order.user_package_id ?? 0)
    .executeTakeFirst();
  const customerId = row?.mollie_customer_id;
  const mandateId = row?.mollie_mandate_id;
  if (row?.status !== 'paid' || row.grace_until === null || !customerId || !mandateId) {
    await moveOrder(ctx.db, order.id, 'pending', 'canceled', { completed_at: ctx.now() });
    return false;
  }
  if (ctx.now() - order.created_at > RETRY_LOOKUP_AFTER_MS) {
    const found = await findCustomerPayment(ctx.mollie, customerId, 'retryOrder', order.public_id);
    if (found) {
      await recordMolliePayment(ctx, order.id, { id: found.id, checkoutUrl: '', webhook: true });
      await settleGracePayment(ctx, { ...order, mollie_payment_id: found.id }, found);
      return true;
    }
  }
  const details = JSON.parse(order.details) as RenewalRetryDetails;
  let created: Awaited<ReturnType<typeof createRecurringPayment>>;
  try {
    created = await createRecurringPayment(ctx.mollie, {
      customerId,
      mandateId,
      amountCents: order.amount_cents,
      description: `Falkenhost server ${details.serverName} (#${order.user_package_id}), monthly payment, try ${details.attempt}`,
      webhookUrl: `${ctx.config.publicUrl}/api/webhooks/mollie`,
      metadata: { retryOrder: order.public_id, userPackageId: order.user_package_id ?? 0 },
      idempotencyKey: `renewal-retry-${order.id}`,
    });
  } catch (error) {
    if (!isUnprocessable(error) || isWebhookUrlRefusal(error)) throw error;
    ctx.log.warn({ err: error, orderId: order.id }, 'Mollie refused a renewal retry: counted as failed');
    await closeFailedRetry(ctx, order, { paymentId: `refused-${order.public_id}`, status: 'refused' });
    return false;
  }
  await recordMolliePayment(ctx, order.id, { id: created.id, checkoutUrl: '', webhook: created.webhook });
  return true;
}
