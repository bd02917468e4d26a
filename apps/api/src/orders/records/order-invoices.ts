/**
 * The invoices and credit notes of orders: a paid credit order's invoice, the credit note of money taken
 * back, and the day an invoice line names (docs/decisions/054-invoice-numbers-and-credit-notes.md).
 */
import type { PriceBreakdown } from '@falkenhost/contracts/money';
import { unitsToCredits } from '@falkenhost/contracts/money';
import type { BillingAddress } from '@falkenhost/contracts/store';
import type { Transaction } from 'kysely';
import { invoiceText } from '../../billing/invoice-format';
import { issueInvoice, priceLines, textLine } from '../../billing/invoices';
import type { PaymentState } from '../../integrations/mollie';
import type { AppContext } from '../../platform/context';
import type { Database, Order } from '../../platform/db/schema';

/** Inside the settling transaction: the invoice of a paid credit order, with its receipt mail. */
export async function issueCreditsInvoice(
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
    lines: priceLines(user.language, { key: 'credits', values: { count: String(credits) } }, price, {
      discountCode: discount?.code ?? '',
      discountPercent: order.discount_bp / 100,
      method,
    }),
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

/**
 * Issues the credit note of money taken back from `order`, for the part not yet credited, once per
 * cumulative `takenBackCents`; answers whether a new one was issued.
 */
export async function issueCreditNote(
  ctx: AppContext,
  trx: Transaction<Database>,
  order: Pick<Order, 'id' | 'user_id' | 'details' | 'mollie_payment_id'>,
  takenBackCents: number,
  kind: 'refund' | 'chargeback',
): Promise<boolean> {
  const invoice = await trx
    .selectFrom('invoices')
    .select(['id', 'number', 'language'])
    .where('source_key', '=', `order:${order.id}`)
    .executeTakeFirst();
  if (!invoice) return false;
  const credited = await trx
    .selectFrom('invoices')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('sum'))
    .where('related_invoice_id', '=', invoice.id)
    .executeTakeFirstOrThrow();
  const due = takenBackCents + Number(credited.sum);
  if (due <= 0) return false;
  const key = `takeback:order:${order.id}:${takenBackCents}`;
  const exists = await trx
    .selectFrom('invoices')
    .select('id')
    .where('source_key', '=', key)
    .executeTakeFirst();
  if (exists) return false;
  const details = JSON.parse(order.details) as { billingAddress?: BillingAddress | null };
  const t = ctx.now();
  await issueInvoice(ctx, trx, {
    userId: order.user_id,
    orderId: order.id,
    sourceKey: key,
    kind: 'credit-note',
    relatedInvoiceId: invoice.id,
    lines: [textLine(invoice.language, { key: kind, values: { number: invoice.number } }, -due)],
    payment: {
      method: invoiceText(invoice.language, 'method.creditCard'),
      reference: order.mollie_payment_id ?? '',
      paidAt: t,
    },
    billingAddress: details.billingAddress ?? null,
    issuedAt: t,
    mail: true,
  });
  return true;
}
