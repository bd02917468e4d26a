/**
 * Payments Mollie will not call our webhook for: it refused our webhook URL (a host on a laptop or
 * behind a private address; integrations/mollie.ts). Their orders carry a mark in `details`, and are
 * read back from Mollie every job run and when the customer's order-status popup asks
 * (orders/order-view.ts, orders/mollie-webhook.ts), instead of after the hour the webhook path waits.
 */

import type { CreatedPayment } from '../integrations/mollie';
import type { AppContext } from '../platform/context';

/** The mark in an order's `details` JSON (as JSON.stringify writes it) of a payment without webhook. */
export const WEBHOOKLESS_MARK = '"mollieWebhook":false';

/** Whether an order's `details` JSON carries the mark. */
export function isWebhookless(details: string): boolean {
  return details.includes(WEBHOOKLESS_MARK);
}

/** Contexts that have told the staff that Mollie refused our webhook URL (once per process). */
const warned = new WeakSet<object>();

/**
 * Records the Mollie payment of a pending order: its id, and the mark when Mollie will not call our
 * webhook for it (the first such payment of the process is logged as a warning for the host).
 * @param orderId our order's numeric id
 */
export async function recordMolliePayment(
  ctx: Pick<AppContext, 'db' | 'log' | 'config'>,
  orderId: number,
  payment: CreatedPayment,
): Promise<void> {
  const { db } = ctx;
  if (!payment.webhook && !warned.has(ctx)) {
    warned.add(ctx);
    ctx.log.warn(
      { publicUrl: ctx.config.publicUrl },
      'Mollie refused our webhook URL (not reachable from the internet): payments are made without one and read back by polling',
    );
  }
  if (payment.webhook) {
    await db.updateTable('orders').set({ mollie_payment_id: payment.id }).where('id', '=', orderId).execute();
    return;
  }
  const row = await db
    .selectFrom('orders')
    .select('details')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const details = { ...(JSON.parse(row.details) as Record<string, unknown>), mollieWebhook: false };
  await db
    .updateTable('orders')
    .set({ mollie_payment_id: payment.id, details: JSON.stringify(details) })
    .where('id', '=', orderId)
    .execute();
}
