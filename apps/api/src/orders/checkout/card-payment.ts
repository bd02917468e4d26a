/**
 * A card order's paid first payment: the money and what it buys recorded in one transaction, then the
 * order carried forward at once (docs/decisions/072-card-order-lease.md).
 */
import { MONTHLY_DISCOUNT_BP, type PriceBreakdown } from '@falkenhost/contracts/money';
import type { BillingAddress } from '@falkenhost/contracts/store';
import type { Transaction } from 'kysely';
import { invoiceText, serverMonthText } from '../../billing/invoice-format';
import { issueInvoice, priceLines } from '../../billing/invoices';
import { payReferralBonus } from '../../billing/referrals';
import type { PaymentState } from '../../integrations/mollie';
import { enqueuePanelTask } from '../../panel/panel-queue';
import type { AppContext } from '../../platform/context';
import type { Database, Order } from '../../platform/db/schema';
import { notifyStaff } from '../../platform/staff-webhook';
import { periodEnd } from '../../servers/paid-period';
import { runPanelQueue } from '../../servers/panel-task-results';
import { insertServer, insertServerAddons } from '../../servers/server-records';
import { moveServer } from '../../servers/server-status';
import type { PackageCardDetails } from '../records/card-order-details';
import { setOrderServer } from '../records/order-records';
import { moveOrder } from '../records/order-status';
import { advanceCardOrder } from './card-order-advance';

/**
 * Records a paid first payment once: invoice and receipt, and the server to make or, for an unsuspend,
 * running again for a month (refunded when gone); then carries the order forward.
 * @returns 'paid' when this call recorded it, 'unchanged' when another delivery did
 */
export async function settleFirstPayment(
  ctx: AppContext,
  order: Order,
  payment: PaymentState,
): Promise<'paid' | 'unchanged'> {
  const paidAt = payment.paidAt ?? ctx.now();
  const recorded = await ctx.db.transaction().execute(async (trx) => {
    const t = ctx.now();
    if (!(await moveOrder(trx, order.id, 'pending', 'paid'))) return false;
    const user = await trx
      .selectFrom('users')
      .select(['language', 'username'])
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    if (order.kind === 'package-card') {
      const details = JSON.parse(order.details) as PackageCardDetails;
      const serverId = await insertServer(trx, {
        user_id: order.user_id,
        package_id: details.packageId,
        name: details.serverName,
        billing_type: 'monthly',
        status: 'provisioning',
        egg_id: details.eggId,
        nest_id: details.nestId,
        variables: JSON.stringify(details.variables ?? {}),
        location_id: details.locationId,
        credits_monthly: details.monthlyUnits,
        created_at: t,
        mollie_mandate_id: payment.mandateId,
        period_anchor: paidAt,
        periods_paid: 1,
        paid_until: periodEnd(paidAt, 1),
        monthly_amount_cents: details.laterCents,
      });
      const addons = details.addonIds.length
        ? await trx.selectFrom('addons').selectAll().where('id', 'in', details.addonIds).execute()
        : [];
      await insertServerAddons(trx, serverId, addons, t);
      await setOrderServer(trx, order.id, serverId, { ...details, periodAnchor: paidAt });
      const base = serverMonthText(
        { server: details.serverName, package: details.packageName },
        { from: paidAt, to: periodEnd(paidAt, 1) },
      );
      await issueInvoice(ctx, trx, {
        userId: order.user_id,
        orderId: order.id,
        sourceKey: `order:${order.id}`,
        kind: 'invoice',
        lines: priceLines(user.language, base, details.price, {
          monthlyPercent: MONTHLY_DISCOUNT_BP / 100,
          discountCode: details.discountCode ?? '',
          discountPercent: details.discountBp / 100,
          method: 'creditCard',
        }),
        payment: { method: invoiceText(user.language, 'method.creditCard'), reference: payment.id, paidAt },
        billingAddress: details.billingAddress,
        issuedAt: t,
        mail: true,
      });
      await notifyStaff(ctx, trx, {
        type: 'new-order',
        orderId: order.id,
        orderKind: 'package-card',
        username: user.username,
        serverName: details.serverName,
        amountCents: order.amount_cents,
      });
    } else {
      await settleUnsuspend(ctx, trx, order, payment, paidAt, user.language);
    }
    // The bonus follows money that buys something: paid when the server exists or runs again.
    return true;
  });
  if (!recorded) return 'unchanged';
  await advanceCardOrder(ctx, order.id);
  // An unsuspend queued the panel's unsuspend and start: made now, not at the next job run.
  await runPanelQueue(ctx).catch((error) => ctx.log.warn({ err: error }, 'panel queue run failed'));
  return 'paid';
}

/**
 * The unsuspend part of a paid first payment: the server runs again for a month with invoice and bonus,
 * or, deleted or woken meanwhile, the payment goes back without either (so no credit note is needed).
 */
async function settleUnsuspend(
  ctx: AppContext,
  trx: Transaction<Database>,
  order: Order,
  payment: PaymentState,
  paidAt: number,
  language: string,
): Promise<void> {
  const t = ctx.now();
  const details = JSON.parse(order.details) as {
    price: PriceBreakdown;
    billingAddress: BillingAddress | null;
  };
  const woken = await moveServer(trx, order.user_package_id ?? 0, 'suspended', 'paid', {
    suspended_at: null,
    delete_at: null,
    deletion_warnings: 0,
    cancelled_at: null,
    renewal_failed_at: null,
    period_anchor: paidAt,
    periods_paid: 1,
    paid_until: periodEnd(paidAt, 1),
    mollie_mandate_id: payment.mandateId,
    monthly_amount_cents: details.price.total,
  });
  if (!woken) {
    await moveOrder(trx, order.id, 'paid', 'refunding');
    return;
  }
  const server = await trx
    .selectFrom('user_packages')
    .select(['id', 'name'])
    .where('id', '=', order.user_package_id ?? 0)
    .executeTakeFirstOrThrow();
  await enqueuePanelTask(trx, { userPackageId: server.id, kind: 'unsuspend', now: t });
  await enqueuePanelTask(trx, { userPackageId: server.id, kind: 'power', signal: 'start', now: t });
  await moveOrder(trx, order.id, 'paid', 'completed', {
    completed_at: t,
    details: JSON.stringify({ ...details, periodAnchor: paidAt }),
  });
  const base = serverMonthText(
    { server: server.name, package: '' },
    { from: paidAt, to: periodEnd(paidAt, 1) },
  );
  await issueInvoice(ctx, trx, {
    userId: order.user_id,
    orderId: order.id,
    sourceKey: `order:${order.id}`,
    kind: 'invoice',
    lines: priceLines(language, base, details.price, {
      monthlyPercent: MONTHLY_DISCOUNT_BP / 100,
      method: 'creditCard',
    }),
    payment: { method: invoiceText(language, 'method.creditCard'), reference: payment.id, paidAt },
    billingAddress: details.billingAddress,
    issuedAt: t,
    mail: true,
  });
  await payReferralBonus(
    trx,
    order.user_id,
    { amountCents: order.amount_cents, feeCents: order.fee_cents },
    `order:${order.id}`,
    t,
  );
}
