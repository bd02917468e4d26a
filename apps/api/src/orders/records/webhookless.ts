/**
 * Payments Mollie will not call our webhook for, marked in their order's `details` and read back from
 * Mollie instead (docs/decisions/141-mollie-without-webhook.md).
 */

import type { CreatedPayment } from '../../integrations/mollie';
import type { AppContext } from '../../platform/context';

/** The mark in an order's `details` JSON, as JSON.stringify writes it. */
export const WEBHOOKLESS_MARK = '"mollieWebhook":false';

export function isWebhookless(details: string): boolean {
  return details.includes(WEBHOOKLESS_MARK);
}

/** Contexts that have told the staff that Mollie refused our webhook URL (once per process). */
const warned = new WeakSet<object>();

/**
 * Records the Mollie payment id of pending order `orderId`, with the mark when Mollie will not call our
 * webhook for it (the process's first such payment is logged as a warning for the host).
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
