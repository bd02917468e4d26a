/**
 * Servers paid monthly by card (spec 2 "Order-package dialog", 5, 7 `order-package`, `unsuspend-server`;
 * architecture.md "Billing"; reference/mollie.md "Customers, mandates, subscriptions").
 *
 * An order is written before any money is asked for; Mollie's first payment (sequenceType first) pays
 * month one and leaves a mandate. When its webhook says paid, one transaction records the money (order
 * `paid`, invoice, referral bonus) and the server to make (`provisioning`); then the order is carried
 * forward under a lease, by the webhook at once and by the reconciler after a crash: a node is claimed,
 * the panel server is made (found again by `external_id` when an earlier try got that far), and the
 * order completes; the subscription for the later months follows (orders/subscriptions.ts). A server
 * that cannot be made (no room left, the panel failing after `MAX_PROVISIONING_ATTEMPTS`) is given up
 * and the payment refunded through Mollie with an `Idempotency-Key`: no money is kept without a server.
 *
 * Order states: pending -> paid -> completed | refunding -> refunded; pending -> failed | canceled | expired.
 */
import { randomUUID } from 'node:crypto';
import { UTCDate } from '@date-fns/utc';
import { REASONS } from '@falkenhost/contracts/errors';
import { MONTHLY_DISCOUNT_BP, type PriceBreakdown, serverMonthPrice } from '@falkenhost/contracts/money';
import type { BillingAddress, ParsedOrderPackageBody } from '@falkenhost/contracts/store';
import { addMonths } from 'date-fns';
import type { Transaction } from 'kysely';
import { formatInvoiceAmount as formatEur, INVOICE_TIME_ZONE, invoiceText } from '../billing/invoice-format';
import { issueInvoice, priceLines } from '../billing/invoices';
import {
  checkOrderReferrer,
  payReferralBonus,
  reverseReferralBonus,
  setOrderReferrer,
} from '../billing/referrals';
import { findValidDiscount } from '../catalog/discounts';
import { loadOrderablePackage } from '../catalog/packages';
import { setMollieCustomerId } from '../identity/user-fields';
import {
  createCustomer,
  createPayment,
  getPayment,
  type PaymentState,
  refundPayment,
} from '../integrations/mollie';
import { recordMolliePayment } from '../integrations/webhookless';
import { releaseAllocationClaims } from '../panel/allocation-claims';
import { parseVariables } from '../panel/egg-variables';
import {
  claimPlacement,
  createPanelServer,
  ensurePanelUser,
  hasRoom,
  removePanelServer,
  serverBuild,
  withPlacement,
} from '../panel/panel';
import { enqueuePanelTask, runPanelQueue } from '../panel/panel-queue';
import type { AppContext } from '../platform/context';
import { newUserPackage } from '../platform/db/rows';
import type { Database, Order, User } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { renderNoticeMail } from '../platform/mail/templates';
import { queueMail } from '../platform/outbox';
import { loadOwnedServer } from '../servers/owned-server';
import { insertServerAddons, markAdopted } from './provisioning';
import { reverseServerPayment, syncSubscription } from './subscriptions';

/** Provisioning tries after payment before the money goes back (the reconciler retries each minute). */
export const MAX_PROVISIONING_ATTEMPTS = 3;
/** A process carrying an order forward holds it this long; after a crash another takes over. */
export const ORDER_LEASE_MS = 2 * 60_000;
/** Order kinds of this module. */
export const CARD_ORDER_KINDS = ['package-card', 'unsuspend-card'] as const;

type ParsedOrderPackage = ParsedOrderPackageBody;

/** What a package-card order keeps in `details` (JSON). */
export interface PackageCardDetails {
  serverName: string;
  packageId: number;
  packageName: string;
  eggId: number;
  nestId: number;
  locationId: number;
  addonIds: number[];
  /** credit units per month: package plus add-ons */
  monthlyUnits: number;
  /** the first month's price lines, cents */
  price: PriceBreakdown;
  /** each later month, cents (no discount code) */
  laterCents: number;
  discountCode: string | null;
  discountBp: number;
  billingAddress: BillingAddress;
  /** the customer's egg variable values (env_variable -> value); absent in orders made before issue 28 */
  variables?: Record<string, string>;
}

/** The end of a monthly server's paid period: `periods` calendar months from `anchor` (UTC). */
export function periodEnd(anchor: number, periods: number): number {
  return addMonths(new UTCDate(anchor), periods).getTime();
}

/**
 * The Mollie customer of `user`, created once (idempotent per user, so concurrent first orders share one).
 * @returns the customer id
 */
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
 * POST /api/private/store/order-package: checks the order (discount, referrer, package, egg, location,
 * add-ons), checks that a node has room before asking for money, writes the order and creates Mollie's
 * first payment for month one.
 * @returns the Mollie checkout URL
 * @throws AppError 400 discount, 400 referrer-self, 404 referrer-not-found, 400 unknown, 400 resources
 *   (no node has room; nothing written), 502 panel (the panel could not be asked), 502 payment (Mollie
 *   refused or could not be reached; the order is marked failed)
 */
export async function orderPackageByCard(
  ctx: AppContext,
  user: User,
  body: ParsedOrderPackage,
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
    return insertCardOrder(trx, {
      publicId,
      userId: user.id,
      kind: 'package-card',
      userPackageId: null,
      amountCents: price.total,
      feeCents: price.fee,
      discountId: discount?.id ?? null,
      discountBp: discount?.percentageBp ?? 0,
      details,
      now: t,
    });
  });
  return startFirstPayment(ctx, user, order.id, publicId, customerId, {
    amountCents: price.total,
    description: `Falkenhost: ${body.name} (${offer.pkg.name}), 1 month, order ${order.id}`,
  });
}

/**
 * Unsuspends a monthly server by a payment for one month (spec 7 `unsuspend-server`: the answer is a
 * link): a new first payment, which makes a new mandate; when it is paid the server runs again for a
 * month and a new subscription takes over.
 * @returns the Mollie checkout URL
 * @throws AppError 404, 409 server-state (not suspended), 502 payment
 */
export async function unsuspendMonthly(ctx: AppContext, user: User, userPackageId: number): Promise<string> {
  const { server } = await loadOwnedServer(ctx, user.id, userPackageId);
  if (server.billing_type !== 'monthly' || server.status !== 'suspended')
    throw new AppError(409, REASONS.serverState);
  const price = serverMonthPrice(server.credits_monthly, 0, 'creditCard');
  const firstOrder = await ctx.db
    .selectFrom('orders')
    .select('details')
    .where('user_package_id', '=', server.id)
    .where('kind', '=', 'package-card')
    .executeTakeFirst();
  const billingAddress = firstOrder
    ? ((JSON.parse(firstOrder.details) as Partial<PackageCardDetails>).billingAddress ?? null)
    : null;
  const customerId = await ensureMollieCustomer(ctx, user).catch((error) => {
    throw new AppError(502, REASONS.payment, error instanceof Error ? error.message : undefined);
  });
  const publicId = randomUUID();
  const order = await ctx.db.transaction().execute((trx) =>
    insertCardOrder(trx, {
      publicId,
      userId: user.id,
      kind: 'unsuspend-card',
      userPackageId: server.id,
      amountCents: price.total,
      feeCents: price.fee,
      discountId: null,
      discountBp: 0,
      details: { price, laterCents: price.total, billingAddress, serverName: server.name },
      now: ctx.now(),
    }),
  );
  return startFirstPayment(ctx, user, order.id, publicId, customerId, {
    amountCents: price.total,
    description: `Falkenhost: ${server.name}, 1 month (unsuspend), order ${order.id}`,
  });
}

async function insertCardOrder(
  trx: Transaction<Database>,
  o: {
    publicId: string;
    userId: number;
    kind: (typeof CARD_ORDER_KINDS)[number];
    userPackageId: number | null;
    amountCents: number;
    feeCents: number;
    discountId: number | null;
    discountBp: number;
    details: object;
    now: number;
  },
): Promise<{ id: number }> {
  return trx
    .insertInto('orders')
    .values({
      public_id: o.publicId,
      user_id: o.userId,
      kind: o.kind,
      status: 'pending',
      credits_amount: 0,
      amount_cents: o.amountCents,
      fee_cents: o.feeCents,
      discount_id: o.discountId,
      discount_bp: o.discountBp,
      payment_method: 'creditCard',
      mollie_payment_id: null,
      user_package_id: o.userPackageId,
      details: JSON.stringify(o.details),
      created_at: o.now,
      completed_at: null,
      locked_until: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Creates the first payment of an order written as pending; a refusal marks the order failed. */
async function startFirstPayment(
  ctx: AppContext,
  user: User,
  orderId: number,
  publicId: string,
  customerId: string,
  payment: { amountCents: number; description: string },
): Promise<string> {
  try {
    const created = await createPayment(ctx.mollie, {
      amountCents: payment.amountCents,
      description: payment.description,
      redirectUrl: `${ctx.config.publicUrl}/dashboard?order=${publicId}`,
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
    await ctx.db
      .updateTable('orders')
      .set({ status: 'failed', completed_at: ctx.now() })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .execute();
    throw new AppError(502, REASONS.payment, error instanceof Error ? error.message : undefined);
  }
}

/**
 * Records a paid first payment once (the order's conditional move from pending to paid): the invoice
 * and receipt, and for a new server the server to make, for an unsuspend the server running again for a
 * month (or, when it is gone, the refund). Then carries the order forward at once.
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
    const claimed = await trx
      .updateTable('orders')
      .set({ status: 'paid' })
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const user = await trx
      .selectFrom('users')
      .select(['language'])
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    if (order.kind === 'package-card') {
      const details = JSON.parse(order.details) as PackageCardDetails;
      const row = await trx
        .insertInto('user_packages')
        .values(
          newUserPackage({
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
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      const addons = details.addonIds.length
        ? await trx.selectFrom('addons').selectAll().where('id', 'in', details.addonIds).execute()
        : [];
      await insertServerAddons(trx, row.id, addons, t);
      await trx
        .updateTable('orders')
        .set({ user_package_id: row.id, details: JSON.stringify({ ...details, periodAnchor: paidAt }) })
        .where('id', '=', order.id)
        .execute();
      const base = invoiceText(user.language, 'server', {
        server: details.serverName,
        package: details.packageName,
        from: invoiceDay(user.language, paidAt),
        to: invoiceDay(user.language, periodEnd(paidAt, 1)),
      });
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
    } else {
      await settleUnsuspend(ctx, trx, order, payment, paidAt, user.language);
    }
    // The referrer's bonus follows money that buys something: for a new server it is paid when the server
    // exists (adoptServer), for an unsuspend when the server runs again (settleUnsuspend).
    return true;
  });
  if (!recorded) return 'unchanged';
  await advanceCardOrder(ctx, order.id);
  // An unsuspend queued the panel's unsuspend and start: made now, not at the next job run.
  await runPanelQueue(ctx).catch((error) => ctx.log.warn({ err: error }, 'panel queue run failed'));
  return 'paid';
}

/**
 * The unsuspend part of a paid first payment: the server runs again for a month, with its invoice and
 * the referrer's bonus; a server deleted (or woken otherwise) meanwhile gets nothing and the payment goes
 * back (`refunding`, no invoice and no bonus, so the refund needs no credit note).
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
  const woken = await trx
    .updateTable('user_packages')
    .set({
      status: 'paid',
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
    })
    .where('id', '=', order.user_package_id ?? 0)
    .where('status', '=', 'suspended')
    .executeTakeFirst();
  if (Number(woken.numUpdatedRows) !== 1) {
    await trx.updateTable('orders').set({ status: 'refunding' }).where('id', '=', order.id).execute();
    return;
  }
  const server = await trx
    .selectFrom('user_packages')
    .select(['id', 'name'])
    .where('id', '=', order.user_package_id ?? 0)
    .executeTakeFirstOrThrow();
  await enqueuePanelTask(trx, { userPackageId: server.id, kind: 'unsuspend', now: t });
  await enqueuePanelTask(trx, { userPackageId: server.id, kind: 'power', signal: 'start', now: t });
  await trx
    .updateTable('orders')
    .set({
      status: 'completed',
      completed_at: t,
      details: JSON.stringify({ ...details, periodAnchor: paidAt }),
    })
    .where('id', '=', order.id)
    .execute();
  const base = invoiceText(language, 'server', {
    server: server.name,
    package: '',
    from: invoiceDay(language, paidAt),
    to: invoiceDay(language, periodEnd(paidAt, 1)),
  });
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
  await payReferralBonus(trx, order.user_id, order.amount_cents - order.fee_cents, `order:${order.id}`, t);
}

/** The lease on an order was taken over by another process: this one's writes are rolled back. */
class LeaseLost extends Error {}

/**
 * Carries a paid card order forward under a lease (one process at a time; a crashed or stalled holder's
 * lease runs out and another takes over, and the stalled one then writes nothing: every write that moves
 * the order names the lease's owner): provisions a new server, or refunds an order that cannot get one.
 * Safe to call any number of times, from the webhook and from the reconciler.
 */
export async function advanceCardOrder(ctx: AppContext, orderId: number): Promise<void> {
  const t = ctx.now();
  const owner = randomUUID();
  const leased = await ctx.db
    .updateTable('orders')
    .set({ locked_until: t + ORDER_LEASE_MS, lease_owner: owner })
    .where('id', '=', orderId)
    .where('status', 'in', ['paid', 'refunding'])
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', t)]))
    .executeTakeFirst();
  if (Number(leased.numUpdatedRows) !== 1) return;
  try {
    let order = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (order.status === 'paid' && order.kind === 'package-card') {
      await provisionPaidOrder(ctx, order, owner);
      order = await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
    }
    if (order.status === 'refunding' && order.lease_owner === owner) await refundOrder(ctx, order, owner);
  } catch (error) {
    if (!(error instanceof LeaseLost)) throw error;
    ctx.log.warn({ orderId }, 'the lease on a card order ran out and another process carries it on');
  } finally {
    await ctx.db
      .updateTable('orders')
      .set({ locked_until: null, lease_owner: null })
      .where('id', '=', orderId)
      .where('lease_owner', '=', owner)
      .execute();
  }
  await runPanelQueue(ctx).catch((error) => ctx.log.warn({ err: error }, 'panel queue run failed'));
}

/**
 * Makes the server of a paid package-card order: adopts the panel's server when an earlier try made it,
 * else claims a node and creates it. No room: refund. A panel failure: retried by the reconciler, and
 * refunded after MAX_PROVISIONING_ATTEMPTS.
 */
async function provisionPaidOrder(ctx: AppContext, order: Order, owner: string): Promise<void> {
  const details = JSON.parse(order.details) as PackageCardDetails;
  const up = await ctx.db
    .selectFrom('user_packages')
    .selectAll()
    .where('id', '=', order.user_package_id ?? 0)
    .executeTakeFirst();
  if (up?.status !== 'provisioning') {
    if (up?.status === 'paid') await completeOrder(ctx, order.id);
    return;
  }
  const externalId = `falkenhost-server-${up.id}`;
  try {
    const found = await ctx.pterodactyl.getServerByExternalId(externalId);
    if (found) {
      await adoptServer(ctx, order, up.id, found, owner);
      return;
    }
    const { pkg, addons } = await loadOwnedServerParts(ctx, up.id, up.package_id);
    const build = serverBuild(pkg, addons);
    const nodeIds = await nodeIdsOfPackage(ctx, up.package_id);
    const nodeAndAllocation = await withPlacement(ctx, nodeIds, up.location_id, (room) =>
      ctx.db.transaction().execute(async (trx) => {
        await holdLease(trx, order.id, owner);
        await releaseAllocationClaims(trx, up.id);
        const claim = await claimPlacement(trx, ctx.dialect, room, build, up.id, ctx.now());
        if (claim)
          await trx
            .updateTable('user_packages')
            .set({ node_id: claim.nodeId })
            .where('id', '=', up.id)
            .execute();
        return claim;
      }),
    );
    if (!nodeAndAllocation) {
      await giveUp(ctx, order.id, owner, 'resources');
      return;
    }
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    const panelUser = await ensurePanelUser(ctx, user);
    const server = await createPanelServer(ctx, {
      name: details.serverName,
      panelUserId: panelUser,
      eggId: up.egg_id,
      gameId: pkg.game_id,
      variables: parseVariables(up.variables),
      externalId,
      build,
      allocationId: nodeAndAllocation.allocationId,
    });
    await adoptServer(ctx, order, up.id, server, owner);
  } catch (error) {
    if (error instanceof LeaseLost) throw error;
    const attempts = order.attempts + 1;
    await ctx.db
      .updateTable('orders')
      .set({ attempts })
      .where('id', '=', order.id)
      .where('lease_owner', '=', owner)
      .execute();
    ctx.log.warn({ err: error, orderId: order.id, attempts }, 'provisioning a paid card order failed');
    if (attempts >= MAX_PROVISIONING_ATTEMPTS) await giveUp(ctx, order.id, owner, 'panel');
  }
}

/** Inside `trx`: goes on only while `owner` still holds the order's lease. @throws LeaseLost */
async function holdLease(trx: Transaction<Database>, orderId: number, owner: string): Promise<void> {
  const row = await trx
    .selectFrom('orders')
    .select('lease_owner')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (row?.lease_owner !== owner) throw new LeaseLost();
}

async function loadOwnedServerParts(ctx: AppContext, userPackageId: number, packageId: number) {
  const pkg = await ctx.db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', packageId)
    .executeTakeFirstOrThrow();
  const addons = await ctx.db
    .selectFrom('user_package_addons as upa')
    .innerJoin('addons as a', 'a.id', 'upa.addon_id')
    .select(['a.type', 'a.quantity'])
    .where('upa.user_package_id', '=', userPackageId)
    .execute();
  return { pkg, addons };
}

async function nodeIdsOfPackage(ctx: AppContext, packageId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('package_nodes')
    .select('node_id')
    .where('package_id', '=', packageId)
    .execute();
  return rows.map((r) => r.node_id);
}

/**
 * Records the panel's server: the server runs, the order is completed, the claim released and the
 * referrer paid, all while `owner` holds the lease. Then the subscription is created, and money taken
 * back while the server was being made (a refund or chargeback whose webhook came while the order was
 * still `paid`) is applied now.
 * @throws LeaseLost when another process took the order over (nothing written)
 */
async function adoptServer(
  ctx: AppContext,
  order: Order,
  userPackageId: number,
  server: { id: number; uuid: string; identifier: string },
  owner: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const t = ctx.now();
    const completed = await trx
      .updateTable('orders')
      .set({ status: 'completed', completed_at: t })
      .where('id', '=', order.id)
      .where('status', '=', 'paid')
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    if (Number(completed.numUpdatedRows) !== 1) throw new LeaseLost();
    if (!(await markAdopted(trx, userPackageId, server, t))) throw new LeaseLost();
    await payReferralBonus(trx, order.user_id, order.amount_cents - order.fee_cents, `order:${order.id}`, t);
  });
  await syncSubscription(ctx, userPackageId).catch((error) =>
    ctx.log.warn({ err: error, userPackageId }, 'creating the subscription failed; retried by the jobs'),
  );
  if (!order.mollie_payment_id) return;
  try {
    const payment = await getPayment(ctx.mollie, order.mollie_payment_id);
    if (payment.takenBackCents > 0) {
      const completed = await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      await reverseServerPayment(ctx, completed, payment);
    }
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'reading a payment back after provisioning failed');
  }
}

async function completeOrder(ctx: AppContext, orderId: number): Promise<void> {
  await ctx.db
    .updateTable('orders')
    .set({ status: 'completed', completed_at: ctx.now() })
    .where('id', '=', orderId)
    .where('status', '=', 'paid')
    .execute();
}

/** The server cannot be made: the order goes to refunding (while `owner` holds its lease). */
async function giveUp(
  ctx: AppContext,
  orderId: number,
  owner: string,
  why: 'resources' | 'panel',
): Promise<void> {
  ctx.log.warn({ orderId, why }, 'a paid card order gets no server; refunding it');
  await ctx.db
    .updateTable('orders')
    .set({ status: 'refunding' })
    .where('id', '=', orderId)
    .where('status', '=', 'paid')
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Refunds an order in `refunding`: no panel server is left behind, Mollie refunds what is left of the
 * payment (its amount less what was refunded or charged back already, so a retry after a crash or a
 * chargeback that came first refunds nothing twice; idempotent per order too), then one transaction marks
 * the order refunded, its server row failed whatever state it reached, issues the credit note, takes back
 * the referrer's bonus and mails the customer; a subscription the server had is cancelled.
 * @throws LeaseLost when another process took the order over before the final write
 */
async function refundOrder(ctx: AppContext, order: Order, owner: string): Promise<void> {
  if (!order.mollie_payment_id) return;
  const upId = order.kind === 'package-card' ? order.user_package_id : null;
  if (upId !== null) await removePanelServer(ctx, `falkenhost-server-${upId}`);
  const payment = await getPayment(ctx.mollie, order.mollie_payment_id);
  const refundable = order.amount_cents - Math.min(payment.takenBackCents, order.amount_cents);
  if (refundable > 0) {
    await refundPayment(
      ctx.mollie,
      order.mollie_payment_id,
      refundable,
      `Falkenhost: refund of order ${order.id}`,
      `refund-order-${order.id}`,
    );
  }
  await ctx.db.transaction().execute(async (trx) => {
    const t = ctx.now();
    const done = await trx
      .updateTable('orders')
      .set({ status: 'refunded', completed_at: t })
      .where('id', '=', order.id)
      .where('status', '=', 'refunding')
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new LeaseLost();
    if (upId !== null) {
      await trx
        .updateTable('user_packages')
        .set({ status: 'failed', deleted_at: t })
        .where('id', '=', upId)
        .where('status', 'not in', ['failed', 'deleted'])
        .execute();
      await releaseAllocationClaims(trx, upId);
    }
    const chargedBackOnly = refundable === 0 && payment.chargedBackCents > 0;
    await issueCreditNote(ctx, trx, order, order.amount_cents, chargedBackOnly ? 'chargeback' : 'refund');
    await reverseReferralBonus(trx, ctx.dialect, order, order.amount_cents, t);
    const user = await trx
      .selectFrom('users')
      .select(['email', 'username', 'language'])
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    const details = JSON.parse(order.details) as { serverName?: string };
    await queueMail(
      trx,
      user.email,
      renderNoticeMail('orderRefunded', user.language, {
        username: user.username,
        server: details.serverName ?? '',
        amount: formatEur(user.language, order.amount_cents - payment.chargedBackCents),
      }),
      t,
    );
  });
  if (upId !== null)
    await syncSubscription(ctx, upId).catch((error) =>
      ctx.log.warn({ err: error, userPackageId: upId }, 'cancelling the subscription failed; retried later'),
    );
}

/**
 * Issues the credit note of money taken back from `order` (a refund or a chargeback), once per
 * cumulative amount taken back (`takeback:order:<id>:<cents>`), for the part not yet credited.
 * @param takenBackCents refunded plus charged back so far, cumulative
 * @returns true when a new credit note was issued
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
    lines: [
      {
        description: invoiceText(invoice.language, kind, { number: invoice.number }),
        quantity: 1,
        unitCents: -due,
        totalCents: -due,
      },
    ],
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

/**
 * Carries forward every card order a crash or a failure left between payment and its end (status paid
 * or refunding, lease expired). Run at start-up and by the jobs.
 * @returns how many orders were looked at
 */
export async function reconcileCardOrders(ctx: AppContext): Promise<number> {
  const t = ctx.now();
  const open = await ctx.db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', ['paid', 'refunding'])
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', t)]))
    .orderBy('created_at')
    .limit(100)
    .execute();
  for (const { id } of open) {
    await advanceCardOrder(ctx, id).catch((error) =>
      ctx.log.warn({ err: error, orderId: id }, 'carrying a card order forward failed; retried later'),
    );
  }
  return open.length;
}

/** A day as an invoice line writes it, in the supplier's zone. */
export function invoiceDay(language: string, instant: number): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: INVOICE_TIME_ZONE }).format(
    instant,
  );
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
