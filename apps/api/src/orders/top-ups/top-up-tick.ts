/**
 * The billing tick's part of auto top-up (docs/decisions/427-top-ups-started-by-the-tick.md,
 * 429-top-up-recovery.md): customers below their threshold get one top-up each, written as an intent
 * row first and then charged on their mandate under an idempotency key; intents a crash or an outage left
 * uncharged, and top-ups whose webhook never came, are taken up again at every run.
 */
import { randomUUID } from 'node:crypto';
import { creditsToUnits, topUpPrice, unitsToCredits } from '@falkenhost/contracts/money';
import type { BillingAddress } from '@falkenhost/contracts/store';
import { type CreatedPayment, getPayment } from '../../integrations/mollie';
import { createRecurringPayment, findCustomerPayment } from '../../integrations/mollie-recurring';
import { MINUTE_MS } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Order } from '../../platform/db/schema';
import { recordMolliePayment } from '../records/webhookless';
import {
  capMonthStart,
  insertTopUpIntents,
  TOP_UP_KIND,
  type TopUpDetails,
  type TopUpIntent,
  topUpCandidates,
} from './top-up-records';
import { failTopUp, settleTopUp } from './top-up-settle';

/** Mollie calls in flight at once (each a few ms; 10 000 top-ups must fit in one tick). */
const CONCURRENCY = 16;
/** Consecutive failures that say Mollie is down: the run stops calling it, the next one retries. */
const OUTAGE_AFTER = 5;
/** An intent this old without a payment was left by a crash or an outage (a tick charges its own at once). */
const ORPHAN_AFTER_MS = MINUTE_MS;
/** Mollie keeps an idempotency key an hour: an older intent is looked up before it is charged again. */
const KEY_LIFE_MS = 50 * MINUTE_MS;
/** An open top-up whose webhook has not come after this is read back from Mollie. */
const READ_BACK_AFTER_MS = 2 * MINUTE_MS;
const RECONCILE_LIMIT = 1_000;

export interface TopUpRunResult {
  /** top-ups whose payment Mollie created in this run */
  started: number;
  /** customers below their threshold whose next top-up would pass their monthly cap */
  capped: number;
  /** top-ups Mollie refused (mandate revoked): closed, auto top-up turned off */
  refused: number;
  /** intents left for the next run (Mollie down or not answering) */
  deferred: number;
}

/** Counts consecutive transient failures across one run's calls. */
interface Outage {
  failures: number;
}

/**
 * One run of the tick: for every customer below their threshold who has no top-up open and whose cap
 * allows one more (money.ts `topUpPrice`, fee included), writes an intent, then charges it on the mandate,
 * CONCURRENCY at a time; BATCH customers at a time, each batch's intents in one transaction, so a
 * transaction stays short and the first payments start before the last intents are written.
 * @returns what was started, capped, refused and left for later
 */
export async function startAutoTopUps(ctx: AppContext): Promise<TopUpRunResult> {
  const t = ctx.now();
  const result: TopUpRunResult = { started: 0, capped: 0, refused: 0, deferred: 0 };
  const outage: Outage = { failures: 0 };
  let after = 0;
  for (;;) {
    const batch = await writeIntents(ctx, t, after, result);
    await chargeAll(ctx, batch.written, result, outage);
    // Mollie down: the customers not reached yet get their intents at a later run.
    if (batch.last === null || outage.failures >= OUTAGE_AFTER) return result;
    after = batch.last;
  }
}

/** Customers per batch of intents (one transaction each). */
const BATCH = 1_000;

/**
 * In one transaction: the next BATCH candidates after user `after`, and the intents of those the cap
 * allows. @returns the intents written and the batch's last user id (null when no batch follows)
 */
async function writeIntents(
  ctx: AppContext,
  t: number,
  after: number,
  result: TopUpRunResult,
): Promise<{ written: Order[]; last: number | null }> {
  return ctx.db.transaction().execute(async (trx) => {
    const candidates = await topUpCandidates(trx, ctx.dialect, capMonthStart(t), after, BATCH);
    const intents: TopUpIntent[] = [];
    for (const c of candidates) {
      const price = topUpPrice(c.amount_credits);
      if (c.spent + price.total > c.monthly_cap_cents) {
        result.capped += 1;
        continue;
      }
      const details: TopUpDetails = {
        customerId: c.mollie_customer_id,
        mandateId: c.mandate_id,
        price,
        billingAddress: c.billing_address ? (JSON.parse(c.billing_address) as BillingAddress) : null,
      };
      intents.push({
        publicId: randomUUID(),
        userId: c.user_id,
        creditsUnits: creditsToUnits(c.amount_credits),
        price,
        details,
      });
    }
    const written = await insertTopUpIntents(trx, intents, t);
    return { written, last: candidates.length < BATCH ? null : (candidates.at(-1)?.user_id ?? null) };
  });
}

/** Charges `orders` CONCURRENCY at a time, adding each outcome to `result`. */
async function chargeAll(
  ctx: AppContext,
  orders: Order[],
  result: TopUpRunResult,
  outage: Outage = { failures: 0 },
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < orders.length) {
      const order = orders[next++] as Order;
      if (outage.failures >= OUTAGE_AFTER) {
        result.deferred += 1;
        continue;
      }
      const outcome = await chargeTopUp(ctx, order, outage);
      result[outcome] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, orders.length) }, worker));
}

/** Whether Mollie's answer refuses the charge for good (not an outage, a time-out or a busy key). */
function isRefusal(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && ![408, 409, 429].includes(status);
}

/**
 * Creates the recurring payment of pending top-up `order` and records its id. Everything sent follows
 * from the stored order, so a retry sends the same request under the same key and Mollie answers the
 * same payment; an order older than the key's life is first looked for among the customer's payments.
 * A refusal (the mandate revoked) closes it as failed: auto top-up goes off and the customer is mailed.
 * @returns 'started', 'refused', or 'deferred' (Mollie down: the intent stays for the next run)
 */
export async function chargeTopUp(
  ctx: AppContext,
  order: Order,
  outage: Outage = { failures: 0 },
): Promise<'started' | 'refused' | 'deferred'> {
  const details = JSON.parse(order.details) as TopUpDetails;
  try {
    let created: CreatedPayment | null = null;
    if (order.created_at < ctx.now() - KEY_LIFE_MS) {
      const found = await findCustomerPayment(ctx.mollie, details.customerId, 'orderId', order.public_id);
      if (found) created = { id: found.id, checkoutUrl: '', webhook: true };
    }
    created ??= await createRecurringPayment(ctx.mollie, {
      customerId: details.customerId,
      mandateId: details.mandateId,
      amountCents: order.amount_cents,
      description: `Falkenhost: auto top-up of ${unitsToCredits(order.credits_amount)} credits (order ${order.id})`,
      webhookUrl: `${ctx.config.publicUrl}/api/webhooks/mollie`,
      metadata: { orderId: order.public_id },
      idempotencyKey: order.public_id,
    });
    outage.failures = 0;
    await recordMolliePayment(ctx, order.id, created);
    return 'started';
  } catch (error) {
    if (isRefusal(error)) {
      ctx.log.warn({ err: error, orderId: order.id }, 'Mollie refused a top-up: auto top-up turned off');
      await failTopUp(ctx, order, 'failed');
      return 'refused';
    }
    outage.failures += 1;
    ctx.log.warn({ err: error, orderId: order.id }, 'a top-up could not reach Mollie; retried next run');
    return 'deferred';
  }
}

/**
 * At every run, the first after a start included: charges intents left without a payment for over a
 * minute (a crash between the intent and Mollie's answer, or an outage), and reads back open top-ups whose
 * webhook has not come for two minutes, settling them as the webhook would.
 * @returns intents charged again and open top-ups read back
 */
export async function reconcileTopUps(ctx: AppContext): Promise<{ charged: number; readBack: number }> {
  const t = ctx.now();
  const orphans = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('kind', '=', TOP_UP_KIND)
    .where('status', '=', 'pending')
    .where('mollie_payment_id', 'is', null)
    .where('created_at', '<', t - ORPHAN_AFTER_MS)
    .orderBy('id')
    .limit(RECONCILE_LIMIT)
    .execute();
  const result: TopUpRunResult = { started: 0, capped: 0, refused: 0, deferred: 0 };
  await chargeAll(ctx, orphans, result);
  const open = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('kind', '=', TOP_UP_KIND)
    .where('status', '=', 'pending')
    .where('mollie_payment_id', 'is not', null)
    .where('created_at', '<', t - READ_BACK_AFTER_MS)
    .orderBy('id')
    .limit(RECONCILE_LIMIT)
    .execute();
  for (const order of open) {
    try {
      await settleTopUp(ctx, order, await getPayment(ctx.mollie, order.mollie_payment_id ?? ''));
    } catch (error) {
      ctx.log.warn({ err: error, orderId: order.id }, 'reading a top-up back failed; retried next run');
    }
  }
  return { charged: result.started + result.refused, readBack: open.length };
}
