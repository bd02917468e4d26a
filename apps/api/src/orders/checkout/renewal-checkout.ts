/**
 * Paying a monthly server's open month with another card (money-and-billing.md "Monthly (card)",
 * docs/decisions/422-paying-the-grace-with-another-card.md): the link of the grace mails.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { serverMonthPrice } from '@falkenhost/contracts/money';
import type { AppContext } from '../../platform/context';
import type { User } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { loadOwnedServer } from '../../servers/owned-server';
import { type billingAddressOfServer, checkoutServerMonth, unsuspendMonthly } from './card-checkout';

/** What a `renewal-card` order records: the month it pays and its price (cents), for its invoice. */
export interface RenewalCardDetails {
  serverName: string;
  /** the server's `periods_paid` when the order was made: the payment buys month `periodsPaid + 1` */
  periodsPaid: number;
  price: ReturnType<typeof serverMonthPrice>;
  billingAddress: Awaited<ReturnType<typeof billingAddressOfServer>>;
}

/**
 * POST pay-renewal: a Mollie checkout for the open month of a monthly server in grace, at its card price
 * (no discount code, card fee), as a first payment whose mandate the subscription then charges; its
 * period and invoice are those of the failed renewal. A server already suspended gets the unsuspend
 * checkout instead (a month from the payment). Answers the checkout URL, which returns to `back`.
 * @throws AppError 404 (not the customer's), 409 server-state (not in grace, not suspended, or hourly),
 *   502 payment
 */
export async function payRenewalByCard(
  ctx: AppContext,
  user: User,
  userPackageId: number,
  back: string = ctx.config.publicUrl,
): Promise<string> {
  const { server } = await loadOwnedServer(ctx, user.id, userPackageId);
  if (server.billing_type !== 'monthly') throw new AppError(409, REASONS.serverState);
  if (server.status === 'suspended') return unsuspendMonthly(ctx, user, userPackageId, back);
  if (server.status !== 'paid' || server.grace_until === null || server.cancelled_at !== null)
    throw new AppError(409, REASONS.serverState);
  const from = new Date(server.paid_until ?? ctx.now()).toISOString().slice(0, 10);
  return checkoutServerMonth(ctx, user, server, back, {
    kind: 'renewal-card',
    details: (price, billingAddress): RenewalCardDetails & Record<string, unknown> => ({
      serverName: server.name,
      periodsPaid: server.periods_paid ?? 1,
      price,
      billingAddress,
    }),
    description: (orderId) => `Falkenhost: ${server.name}, the month from ${from}, order ${orderId}`,
  });
}
