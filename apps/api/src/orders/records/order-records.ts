/** Writes of order rows other than their status: the row each kind of order starts as, and later columns. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Order kinds paid by card whose first payment makes a mandate (card-checkout.ts). */
export const CARD_ORDER_KINDS = ['package-card', 'unsuspend-card'] as const;

/**
 * Payments of a server's open month in its grace after a failed renewal (renewals/renewal-grace.ts): a
 * retry on the mandate (no checkout), or the customer's payment with another card (a first payment).
 */
export const GRACE_ORDER_KINDS = ['renewal-retry', 'renewal-card'] as const;

/**
 * A pending order to be paid through Mollie (credits, or a card order's first month); answers its id.
 * @param order.creditsAmount credit units bought (0 unless a credits order); amounts in cents
 */
export async function insertPendingOrder(
  trx: Transaction<Database>,
  order: {
    publicId: string;
    userId: number;
    kind: 'credits' | (typeof CARD_ORDER_KINDS)[number] | (typeof GRACE_ORDER_KINDS)[number];
    creditsAmount: number;
    amountCents: number;
    feeCents: number;
    discountId: number | null;
    discountBp: number;
    paymentMethod: string;
    userPackageId: number | null;
    details: object;
    createdAt: number;
  },
): Promise<{ id: number }> {
  return trx
    .insertInto('orders')
    .values({
      public_id: order.publicId,
      user_id: order.userId,
      kind: order.kind,
      status: 'pending',
      credits_amount: order.creditsAmount,
      amount_cents: order.amountCents,
      fee_cents: order.feeCents,
      discount_id: order.discountId,
      discount_bp: order.discountBp,
      payment_method: order.paymentMethod,
      mollie_payment_id: null,
      user_package_id: order.userPackageId,
      details: JSON.stringify(order.details),
      created_at: order.createdAt,
      completed_at: null,
      ...(order.kind === 'credits' ? {} : { locked_until: null }),
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** Records an order paid from credits, completed at once, as `?order=<publicId>` shows it. */
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
): Promise<number> {
  const row = await trx
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
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The username of user `userId` (staff notifications name the customer). */
export async function usernameOf(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<string> {
  const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? `user #${userId}`;
}

/** A renewal as first seen, pending; a second delivery of its Mollie payment id throws a unique violation. */
export async function insertRenewalOrder(
  db: Db,
  renewal: {
    publicId: string;
    userId: number;
    userPackageId: number;
    paymentId: string;
    amountCents: number;
    details: object;
    createdAt: number;
  },
): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      public_id: renewal.publicId,
      user_id: renewal.userId,
      kind: 'renewal',
      status: 'pending',
      credits_amount: 0,
      amount_cents: renewal.amountCents,
      fee_cents: 0,
      discount_id: null,
      discount_bp: 0,
      payment_method: 'creditCard',
      mollie_payment_id: renewal.paymentId,
      user_package_id: renewal.userPackageId,
      details: JSON.stringify(renewal.details),
      created_at: renewal.createdAt,
      completed_at: null,
      locked_until: null,
    })
    .execute();
}

/** The server a paid package-card order made, with the order's details as they now read. */
export async function setOrderServer(
  trx: Transaction<Database>,
  orderId: number,
  userPackageId: number,
  details: object,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ user_package_id: userPackageId, details: JSON.stringify(details) })
    .where('id', '=', orderId)
    .execute();
}

/** A settled renewal's fee (cents) and details (the period it paid). */
export async function setRenewalFigures(
  trx: Transaction<Database>,
  orderId: number,
  feeCents: number,
  details: object,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ fee_cents: feeCents, details: JSON.stringify(details) })
    .where('id', '=', orderId)
    .execute();
}
