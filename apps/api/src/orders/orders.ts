/**
 * Credit purchases through Mollie (spec 2 "Order-credits dialog", 5, 9; architecture.md "Money"):
 * the order is written first, then the Mollie payment; credits are added by the webhook, never by the
 * redirect, exactly once per paid payment.
 */
import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import {
  creditsOrderPrice,
  divRoundHalfUp,
  type PriceBreakdown,
  unitsToCredits,
} from '@falkenhost/contracts/money';
import type { BillingAddress, OrderCreditsBody } from '@falkenhost/contracts/store';
import type { Transaction } from 'kysely';
import { invoiceText } from '../billing/invoice-format';
import { issueInvoice, priceLines } from '../billing/invoices';
import { applyLedgerEntry, ledgerSum, takeUpTo } from '../billing/ledger';
import {
  checkOrderReferrer,
  payReferralBonus,
  reverseReferralBonus,
  setOrderReferrer,
} from '../billing/referrals';
import { findValidDiscount } from '../catalog/discounts';
import { createPayment, getPayment, type PaymentState } from '../integrations/mollie';
import { isWebhookless, recordMolliePayment, WEBHOOKLESS_MARK } from '../integrations/webhookless';
import type { AppContext } from '../platform/context';
import type { Database, Order, User } from '../platform/db/schema';
import { AppError, isUniqueViolation } from '../platform/errors';
import { sendQueuedMail } from '../platform/outbox';
import { issueCreditNote, settleFirstPayment } from './card-orders';
import { reverseServerPayment, settleRenewal } from './subscriptions';

type ParsedOrderCredits = Required<Pick<OrderCreditsBody, 'referrer' | 'discountCode'>> &
  Omit<OrderCreditsBody, 'referrer' | 'discountCode' | 'creditsAmount'> & { creditsAmount: number };

/**
 * Creates a credits order and its Mollie payment.
 * @returns the Mollie checkout URL
 * @throws AppError 400 discount, 400 referrer-self, 404 referrer-not-found (nothing written);
 *   502 payment when Mollie refuses (the order is marked failed)
 */
export async function orderCredits(ctx: AppContext, user: User, body: ParsedOrderCredits): Promise<string> {
  const { db, now } = ctx;
  const discount = await findValidDiscount(db, body.discountCode, now());
  const referrerId = await checkOrderReferrer(db, user.id, body.referrer);
  const price = creditsOrderPrice(body.creditsAmount, discount?.percentageBp ?? 0, body.paymentMethod);
  const publicId = randomUUID();
  const t = now();
  const order = await db.transaction().execute(async (trx) => {
    await setOrderReferrer(trx, user.id, referrerId, t);
    return trx
      .insertInto('orders')
      .values({
        public_id: publicId,
        user_id: user.id,
        kind: 'credits',
        status: 'pending',
        credits_amount: body.creditsAmount * 10_000,
        amount_cents: price.total,
        fee_cents: price.fee,
        discount_id: discount?.id ?? null,
        discount_bp: discount?.percentageBp ?? 0,
        payment_method: body.paymentMethod,
        mollie_payment_id: null,
        user_package_id: null,
        details: JSON.stringify({
          billingAddress: {
            addressLine1: body.addressLine1,
            addressLine2: body.addressLine2,
            city: body.city,
            postalCode: body.postalCode,
            state: body.state,
            country: body.country,
          },
          price,
        }),
        created_at: t,
        completed_at: null,
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
  });

  try {
    const payment = await createPayment(ctx.mollie, {
      amountCents: price.total,
      description: `Falkenhost: ${body.creditsAmount} credits (order ${order.id})`,
      redirectUrl: `${ctx.config.publicUrl}/dashboard?order=${publicId}`,
      webhookUrl: `${ctx.config.publicUrl}/api/webhooks/mollie`,
      method: body.paymentMethod,
      language: user.language,
      metadata: { orderId: publicId },
      idempotencyKey: publicId,
    });
    await recordMolliePayment(ctx, order.id, payment);
    return payment.checkoutUrl;
  } catch (error) {
    await db
      .updateTable('orders')
      .set({ status: 'failed', completed_at: now() })
      .where('id', '=', order.id)
      .execute();
    throw new AppError(502, REASONS.payment, error instanceof Error ? error.message : undefined);
  }
}

/**
 * Records an order paid from credits, completed at once (a package bought with credits, an unsuspend):
 * it is what `/dashboard?order=<publicId>` shows.
 * @param order.details JSON-able figures of the order (credit units)
 */
export async function insertCreditsPaidOrder(
  trx: Transaction<Database>,
  order: {
    publicId: string;
    userId: number;
    userPackageId: number;
    kind: 'package-credits' | 'unsuspend';
    details: Record<string, number>;
    createdAt: number;
    completedAt: number;
  },
): Promise<void> {
  await trx
    .insertInto('orders')
    .values({
      public_id: order.publicId,
      user_id: order.userId,
      kind: order.kind,
      status: 'completed',
      credits_amount: 0,
      amount_cents: 0,
      fee_cents: 0,
      discount_id: null,
      discount_bp: 0,
      payment_method: 'credits',
      mollie_payment_id: null,
      user_package_id: order.userPackageId,
      details: JSON.stringify(order.details),
      created_at: order.createdAt,
      completed_at: order.completedAt,
    })
    .execute();
}

/** Orders whose payment bought a server's month (card): taken-back money reverses a month, not credits. */
const SERVER_PAYMENT_KINDS = ['package-card', 'unsuspend-card', 'renewal'];

/** The invoice of a paid credit order, with its receipt mail. */
async function issueCreditsInvoice(
  ctx: AppContext,
  trx: Transaction<Database>,
  order: Order,
  payment: PaymentState,
  t: number,
): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select('language')
    .where('id', '=', order.user_id)
    .executeTakeFirstOrThrow();
  const details = JSON.parse(order.details) as {
    billingAddress?: BillingAddress;
    price?: PriceBreakdown;
  };
  const credits = unitsToCredits(order.credits_amount);
  const price = details.price ?? {
    base: order.amount_cents - order.fee_cents,
    monthlyDiscount: 0,
    discount: 0,
    fee: order.fee_cents,
    total: order.amount_cents,
  };
  const discount = order.discount_id
    ? await trx.selectFrom('discounts').select('code').where('id', '=', order.discount_id).executeTakeFirst()
    : undefined;
  const method = order.payment_method ?? 'creditCard';
  await issueInvoice(ctx, trx, {
    userId: order.user_id,
    orderId: order.id,
    sourceKey: `order:${order.id}`,
    kind: 'invoice',
    lines: priceLines(
      user.language,
      invoiceText(user.language, 'credits', { count: String(credits) }),
      price,
      {
        discountCode: discount?.code ?? '',
        discountPercent: order.discount_bp / 100,
        method,
      },
    ),
    payment: {
      method: invoiceText(user.language, `method.${method}`),
      reference: payment.id,
      paidAt: payment.paidAt ?? t,
    },
    billingAddress: details.billingAddress ?? null,
    issuedAt: t,
    mail: true,
  });
}

const FINAL_FAILURES: Record<string, string> = { canceled: 'canceled', expired: 'expired', failed: 'failed' };

/**
 * Applies a Mollie webhook call for payment `paymentId`: reads the payment and settles its order once;
 * for a completed credit order, applies a refund or chargeback (`reverseTakenBack`). Unknown payments are
 * ignored (Mollie needs a 200 for them too).
 * @returns what happened, for logs and tests
 */
export async function settleMolliePayment(
  ctx: AppContext,
  paymentId: string,
): Promise<'ignored' | 'unchanged' | 'paid' | 'closed' | 'reversed'> {
  const { db, now } = ctx;
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('mollie_payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!order) {
    // A renewal is the first we hear of its payment: it names its subscription (reference/mollie.md).
    // An id Mollie does not know either is answered 200 and changes nothing.
    let payment: PaymentState;
    try {
      payment = await getPayment(ctx.mollie, paymentId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return 'ignored';
      throw error;
    }
    if (payment.subscriptionId === null) return 'ignored';
    return settleRenewal(ctx, payment);
  }
  // A renewal recorded but not settled (its amount did not match, or a crash came between the two
  // writes) is settled by the renewal rules again, never by the credit-order path below.
  if (order.kind === 'renewal' && order.status === 'pending')
    return settleRenewal(ctx, await getPayment(ctx.mollie, paymentId));
  // Refunds and chargebacks call the webhook of a paid payment again (reference/mollie.md).
  const serverPayment = SERVER_PAYMENT_KINDS.includes(order.kind);
  const takeBack =
    (order.status === 'completed' && order.kind === 'credits') ||
    (serverPayment && ['completed', 'refunded', 'paid', 'refunding'].includes(order.status));
  if (order.status !== 'pending' && !takeBack) return 'unchanged';
  const payment = await getPayment(ctx.mollie, paymentId);
  if (takeBack) {
    if (order.kind === 'credits') return reverseTakenBack(ctx, order, payment);
    // Still being carried forward: the refund takes what is left (refundOrder), and a server made meanwhile
    // reads its payment back when it is adopted (adoptServer) and applies what was taken back then.
    if (order.status === 'paid' || order.status === 'refunding') return 'unchanged';
    return reverseServerPayment(ctx, order, payment);
  }

  if (payment.status === 'paid') {
    if (payment.amountCents !== order.amount_cents) {
      // Logged and not applied: the staff look into it (issue 8 "Bad input").
      ctx.log.error(
        { paymentId, amountCents: payment.amountCents, orderId: order.id, orderCents: order.amount_cents },
        'a payment whose amount differs from its order: not applied',
      );
      return 'unchanged';
    }
    if (order.kind === 'package-card' || order.kind === 'unsuspend-card') {
      try {
        return await settleFirstPayment(ctx, order, payment);
      } catch (error) {
        if (isUniqueViolation(error)) return 'unchanged';
        throw error;
      }
    }
    try {
      return await db.transaction().execute(async (trx) => {
        const t = now();
        const claimed = await trx
          .updateTable('orders')
          .set({ status: 'completed', completed_at: t })
          .where('id', '=', order.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return 'unchanged' as const;
        if (order.kind === 'credits') {
          await applyLedgerEntry(trx, {
            userId: order.user_id,
            amount: order.credits_amount,
            kind: 'purchase',
            reference: `order:${order.id}`,
            now: t,
          });
          await issueCreditsInvoice(ctx, trx, order, payment, t);
        }
        await payReferralBonus(
          trx,
          order.user_id,
          order.amount_cents - order.fee_cents,
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

  const closed = FINAL_FAILURES[payment.status];
  if (closed) {
    const result = await db
      .updateTable('orders')
      .set({ status: closed, completed_at: now() })
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 'closed' : 'unchanged';
  }
  return 'unchanged';
}

/**
 * Takes back the credits of a refunded or charged-back credit order, in proportion to the money taken
 * back (all of it: every credit; half: half), and the referrer's bonus for it likewise. Credits already
 * spent cannot be taken: the balance goes to zero at most, and the shortfall is logged for the staff.
 * Each taken-back total applies once (ledger reference `reversal:order:<id>:<cents>`).
 * @returns 'reversed' when something new was applied, else 'unchanged'
 */
async function reverseTakenBack(
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
 * The order-status popup's view of an order (spec 4 "Order status values"). A pending order whose
 * payment has no webhook (Mollie refused our URL) is first read back from Mollie and settled.
 * @throws AppError 404 when the order is not the user's
 */
export async function orderStatus(
  ctx: AppContext,
  userId: number,
  publicId: string,
): Promise<{ status: OrderStatus; credits_amount: number }> {
  const read = () =>
    ctx.db
      .selectFrom('orders')
      .select(['status', 'credits_amount', 'kind', 'details', 'mollie_payment_id'])
      .where('public_id', '=', publicId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  let order = await read();
  if (!order) throw new AppError(404, REASONS.notFound);
  // No webhook will tell us: the customer back from the checkout asks, so Mollie is asked now.
  if (order.status === 'pending' && order.mollie_payment_id && isWebhookless(order.details)) {
    const result = await settleMolliePayment(ctx, order.mollie_payment_id).catch((error) => {
      ctx.log.warn({ err: error, paymentId: order?.mollie_payment_id }, 'reading a payment back failed');
      return 'unchanged' as const;
    });
    if (result !== 'unchanged' && result !== 'ignored') {
      void sendQueuedMail(ctx).catch((error) => ctx.log.warn({ err: error }, 'sending mail failed'));
    }
    order = (await read()) ?? order;
  }
  // paid: the money is in and the server is being made (spec 4: pending_transaction, "wait a few
  // minutes"); refunding or refunded: the server could not be made and the money went back (failed).
  const status: OrderStatus =
    order.status === 'completed'
      ? 'completed'
      : order.status === 'pending'
        ? 'pending'
        : order.status === 'paid'
          ? 'pending_transaction'
          : order.status === 'failed' || order.status === 'refunding' || order.status === 'refunded'
            ? 'failed'
            : 'canceled';
  return { status, credits_amount: unitsToCredits(order.credits_amount) };
}

/** Pending orders younger than this are left to their webhook. */
const POLL_AFTER_MS = 10 * 60_000;
/** Mollie's longest payment life (PayPal, 72 h) and a day more: older pending orders are closed. */
const POLL_UNTIL_MS = 4 * 24 * 3_600_000;

/**
 * Settles orders whose webhook never arrived (our server was down past Mollie's retries, a network
 * fault): pending orders older than 10 minutes are read back from Mollie and settled like a webhook; a
 * pending order that never got its Mollie payment (a crash between the two writes) is marked failed, as
 * no customer could have paid it. Run once an hour.
 * @returns how many orders were looked at
 */
export async function pollPendingPayments(ctx: AppContext): Promise<number> {
  const t = ctx.now();
  await ctx.db
    .updateTable('orders')
    .set({ status: 'failed', completed_at: t })
    .where('status', '=', 'pending')
    .where('mollie_payment_id', 'is', null)
    .where('created_at', '<', t - POLL_AFTER_MS)
    .where('kind', 'in', ['credits', 'package-card', 'unsuspend-card'])
    .execute();
  const pending = await ctx.db
    .selectFrom('orders')
    .select(['mollie_payment_id'])
    .where('status', '=', 'pending')
    .where('mollie_payment_id', 'is not', null)
    .where('created_at', '<', t - POLL_AFTER_MS)
    .where('created_at', '>', t - POLL_UNTIL_MS)
    .orderBy('created_at')
    .limit(200)
    .execute();
  for (const { mollie_payment_id: id } of pending) {
    if (!id) continue;
    await settleMolliePayment(ctx, id).catch((error) =>
      ctx.log.warn({ err: error, paymentId: id }, 'reading a pending payment back failed; retried later'),
    );
  }
  return pending.length;
}

/**
 * Settles pending orders whose Mollie payment has no webhook (Mollie refused our webhook URL;
 * integrations/webhookless.ts): each is read back from Mollie and settled like a webhook, at every job run
 * from its creation until Mollie's longest payment life is over. Run every tick.
 * @returns how many orders were looked at
 */
export async function pollWebhooklessPayments(ctx: AppContext): Promise<number> {
  const t = ctx.now();
  const pending = await ctx.db
    .selectFrom('orders')
    .select(['mollie_payment_id'])
    .where('status', '=', 'pending')
    .where('mollie_payment_id', 'is not', null)
    .where('created_at', '>', t - POLL_UNTIL_MS)
    .where('details', 'like', `%${WEBHOOKLESS_MARK}%`)
    .orderBy('created_at')
    .limit(200)
    .execute();
  for (const { mollie_payment_id: id } of pending) {
    if (!id) continue;
    await settleMolliePayment(ctx, id).catch((error) =>
      ctx.log.warn(
        { err: error, paymentId: id },
        'reading a webhook-less payment back failed; retried later',
      ),
    );
  }
  return pending.length;
}
