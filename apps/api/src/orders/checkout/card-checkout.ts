/** Checkout of monthly servers by card, order before payment (docs/decisions/071-card-order-first.md). */

import { randomUUID } from 'node:crypto';
import { dashboardPath, orderReturnPath } from '@falkenhost/contracts/dashboard-addresses';
import { REASONS } from '@falkenhost/contracts/errors';
import { serverMonthPrice } from '@falkenhost/contracts/money';
import type { BillingAddress, ParsedOrderPackageBody } from '@falkenhost/contracts/store';
import { checkOrderReferrer, setOrderReferrer } from '../../billing/referrals';
import { findValidDiscount } from '../../catalog/discounts';
import { loadOrderablePackage } from '../../catalog/packages';
import { setMollieCustomerId } from '../../identity/user-fields';
import { createCustomer, createPayment } from '../../integrations/mollie';
import { hasRoom, withPlacement } from '../../panel/placement';
import { serverBuild } from '../../panel/server-build';
import type { AppContext } from '../../platform/context';
import type { User } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { loadOwnedServer } from '../../servers/owned-server';
import type { PackageCardDetails } from '../records/card-order-details';
import { insertPendingOrder } from '../records/order-records';
import { moveOrder } from '../records/order-status';
import { recordMolliePayment } from '../records/webhookless';

type ParsedOrderPackage = ParsedOrderPackageBody;

/** The Mollie customer id of `user`, created once even for concurrent first orders. */
export async function ensureMollieCustomer(ctx: AppContext, user: User): Promise<string> {
  if (user.mollie_customer_id) return user.mollie_customer_id;
  const id = await createCustomer(ctx.mollie, {
    name: `${user.first_name} ${user.last_name}`.trim() || user.username,
    email: user.email,
    language: user.language,
    userId: user.id,
  });
  await setMollieCustomerId(ctx.db, user.id, id);
  const row = await ctx.db
    .selectFrom('users')
    .select('mollie_customer_id')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return row.mollie_customer_id ?? id;
}

/**
 * POST store/order-package: checks the order and a node's room, writes it, then creates Mollie's first
 * payment; answers the checkout URL.
 * `back` is where Mollie returns the browser to (origin-check.ts#returnBase).
 * @throws AppError 400 discount, 400 referrer-self, 404 referrer-not-found, 400 unknown, 400 resources
 *   (nothing written), 502 panel, 502 payment (the order is marked failed)
 */
export async function orderPackageByCard(
  ctx: AppContext,
  user: User,
  body: ParsedOrderPackage,
  back: string = ctx.config.publicUrl,
): Promise<string> {
  const { db, now } = ctx;
  const discount = await findValidDiscount(db, body.discountCode, now());
  const referrerId = await checkOrderReferrer(db, user.id, body.referrer);
  const offer = await loadOrderablePackage(ctx, user.id, body);
  const build = serverBuild(offer.pkg, offer.addons);
  let room: boolean;
  try {
    room =
      (await withPlacement(ctx, offer.nodeIds, body.locationId, async (placement) =>
        hasRoom(placement, build) ? true : null,
      )) ?? false;
  } catch (error) {
    throw new AppError(502, REASONS.panel, error instanceof Error ? error.message : undefined);
  }
  if (!room) throw new AppError(400, REASONS.resources);

  const price = serverMonthPrice(offer.monthlyUnits, discount?.percentageBp ?? 0, body.paymentMethod);
  const laterCents = serverMonthPrice(offer.monthlyUnits, 0, body.paymentMethod).total;
  const details: PackageCardDetails = {
    serverName: body.name,
    packageId: offer.pkg.id,
    packageName: offer.pkg.name,
    eggId: body.eggId,
    nestId: offer.nestId,
    locationId: body.locationId,
    addonIds: offer.addons.map((a) => a.id),
    monthlyUnits: offer.monthlyUnits,
    price,
    laterCents,
    discountCode: discount?.code ?? null,
    discountBp: discount?.percentageBp ?? 0,
    billingAddress: billingAddressOf(body),
    variables: offer.variables,
  };
  const customerId = await ensureMollieCustomer(ctx, user).catch((error) => {
    throw new AppError(502, REASONS.payment, error instanceof Error ? error.message : undefined);
  });
  const publicId = randomUUID();
  const t = now();
  const order = await db.transaction().execute(async (trx) => {
    await setOrderReferrer(trx, user.id, referrerId, t);
    return insertPendingOrder(trx, {
      publicId,
      userId: user.id,
      kind: 'package-card',
      creditsAmount: 0,
      userPackageId: null,
      amountCents: price.total,
      feeCents: price.fee,
      discountId: discount?.id ?? null,
      discountBp: discount?.percentageBp ?? 0,
      paymentMethod: 'creditCard',
      details,
      createdAt: t,
    });
  });
  return startFirstPayment(ctx, user, order.id, publicId, customerId, back, {
    amountCents: price.total,
    description: `Falkenhost: ${body.name} (${offer.pkg.name}), 1 month, order ${order.id}`,
    // Back to the shop's game the order was made from (decision 433).
    returnTo: dashboardPath('customer_store', offer.pkg.game_id),
  });
}

/**
 * Unsuspends a monthly server by a new first payment for one month (product.md "API calls"
 * `unsuspend-server`), which makes a new mandate; answers the checkout URL.
 * @throws AppError 404, 409 server-state (not suspended), 502 payment
 */
export async function unsuspendMonthly(
  ctx: AppContext,
  user: User,
  userPackageId: number,
  back: string = ctx.config.publicUrl,
): Promise<string> {
  const { server } = await loadOwnedServer(ctx, user.id, userPackageId);
  if (server.billing_type !== 'monthly' || server.status !== 'suspended')
    throw new AppError(409, REASONS.serverState);
  return checkoutServerMonth(ctx, user, server, back, {
    kind: 'unsuspend-card',
    details: (price, billingAddress) => ({
      price,
      laterCents: price.total,
      billingAddress,
      serverName: server.name,
    }),
    description: (orderId) => `Falkenhost: ${server.name}, 1 month (unsuspend), order ${orderId}`,
  });
}

/**
 * A month of an existing monthly server at its card price (no discount, card fee), written as a pending
 * order of `order.kind` and paid by a first payment, whose checkout returns to the server: the unsuspend
 * and the open month of a grace (decisions/422).
 * @param order.details what the order records, from the price (cents) and the server's billing address
 * @returns the checkout URL
 * @throws AppError 502 payment when Mollie refuses or cannot be reached
 */
export async function checkoutServerMonth(
  ctx: AppContext,
  user: User,
  server: { id: number; name: string; credits_monthly: number },
  back: string,
  order: {
    kind: 'unsuspend-card' | 'renewal-card';
    details: (
      price: ReturnType<typeof serverMonthPrice>,
      billingAddress: BillingAddress | null,
    ) => Record<string, unknown>;
    description: (orderId: number) => string;
  },
): Promise<string> {
  const price = serverMonthPrice(server.credits_monthly, 0, 'creditCard');
  const details = order.details(price, await billingAddressOfServer(ctx, server.id));
  const customerId = await ensureMollieCustomer(ctx, user).catch((error) => {
    throw new AppError(502, REASONS.payment, error instanceof Error ? error.message : undefined);
  });
  const publicId = randomUUID();
  const row = await ctx.db.transaction().execute((trx) =>
    insertPendingOrder(trx, {
      publicId,
      userId: user.id,
      kind: order.kind,
      creditsAmount: 0,
      userPackageId: server.id,
      amountCents: price.total,
      feeCents: price.fee,
      discountId: null,
      discountBp: 0,
      paymentMethod: 'creditCard',
      details,
      createdAt: ctx.now(),
    }),
  );
  return startFirstPayment(ctx, user, row.id, publicId, customerId, back, {
    amountCents: price.total,
    description: order.description(row.id),
    returnTo: dashboardPath('customer_servers', server.id),
  });
}

/**
 * Creates the first payment (card, `sequenceType: first`, keyed by the order's public id) of an order
 * written as pending and records its id; answers the checkout URL, which returns to
 * `<back><returnTo>?order=<publicId>`: the dashboard address the payment was started from, the shop's game
 * of a new server or the server's own address for a payment of an existing one (unsuspend, the open month
 * of a grace; decisions 430, 433).
 * @throws AppError 502 payment when Mollie refuses or cannot be reached (the order is marked failed)
 */
export async function startFirstPayment(
  ctx: AppContext,
  user: User,
  orderId: number,
  publicId: string,
  customerId: string,
  back: string,
  payment: { amountCents: number; description: string; returnTo: string },
): Promise<string> {
  try {
    const created = await createPayment(ctx.mollie, {
      amountCents: payment.amountCents,
      description: payment.description,
      redirectUrl: `${back}${orderReturnPath(payment.returnTo, publicId)}`,
      webhookUrl: `${ctx.config.publicUrl}/api/webhooks/mollie`,
      method: 'creditCard',
      language: user.language,
      metadata: { orderId: publicId },
      idempotencyKey: publicId,
      first: { customerId },
    });
    await recordMolliePayment(ctx, orderId, created);
    return created.checkoutUrl;
  } catch (error) {
    await moveOrder(ctx.db, orderId, 'pending', 'failed', { completed_at: ctx.now() });
    throw new AppError(502, REASONS.payment, error instanceof Error ? error.message : undefined);
  }
}

/** The billing address the server's first order gave (later payments' invoices name it), or null. */
export async function billingAddressOfServer(
  ctx: AppContext,
  userPackageId: number,
): Promise<BillingAddress | null> {
  const firstOrder = await ctx.db
    .selectFrom('orders')
    .select('details')
    .where('user_package_id', '=', userPackageId)
    .where('kind', '=', 'package-card')
    .executeTakeFirst();
  return firstOrder
    ? ((JSON.parse(firstOrder.details) as Partial<PackageCardDetails>).billingAddress ?? null)
    : null;
}

function billingAddressOf(body: BillingAddress): BillingAddress {
  return {
    addressLine1: body.addressLine1,
    addressLine2: body.addressLine2,
    city: body.city,
    postalCode: body.postalCode,
    state: body.state,
    country: body.country,
  };
}
