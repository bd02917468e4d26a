/**
 * The draft of an order refused for too few credits (docs/decisions/430-the-paths-back.md): the package
 * overview's choices, kept in sessionStorage while the customer buys the missing credits at Mollie, under
 * a key of their own user id (another customer on the same browser never sees it). The store reopens the
 * overview from it when the checkout returns with `&resume=order`, dropping what the offer no longer has.
 */
import { ADDON_TYPES, CREDITS_ORDER_MAX, CREDITS_ORDER_MIN } from '@falkenhost/contracts/constants';
import { creditsToUnits, hourlyUnits, unitsToCredits } from '@falkenhost/contracts/money';
import { z } from 'zod';

const KEY_PREFIX = 'falkenhost.orderDraft.';

const orderDraft = z.object({
  packageId: z.number().int(),
  gameId: z.number().int(),
  eggId: z.number().int().nullable(),
  locationId: z.number().int().nullable(),
  serverName: z.string().max(64),
  /** the chosen add-on id per add-on type */
  addons: z.partialRecord(z.enum(ADDON_TYPES), z.number().int()),
  /** the egg variables as typed: env_variable -> value (the licence key included) */
  variables: z.record(z.string(), z.string().max(1024)),
});
export type OrderDraft = z.infer<typeof orderDraft>;

const keyOf = (userId: number) => `${KEY_PREFIX}${userId}`;

/** Keeps `draft` for the customer `userId` in this tab (sessionStorage). */
export function saveOrderDraft(userId: number, draft: OrderDraft): void {
  try {
    sessionStorage.setItem(keyOf(userId), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the customer fills the order in again.
  }
}

/** The draft kept for the customer `userId`, or null (none, or damaged: then dropped). */
export function readOrderDraft(userId: number): OrderDraft | null {
  try {
    const raw = sessionStorage.getItem(keyOf(userId));
    if (!raw) return null;
    const parsed = orderDraft.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // a damaged entry is dropped below
  }
  clearOrderDraft(userId);
  return null;
}

/** Forgets the draft of the customer `userId`. */
export function clearOrderDraft(userId: number): void {
  try {
    sessionStorage.removeItem(keyOf(userId));
  } catch {
    // nothing kept
  }
}

/**
 * The credits to buy for a purchase by credits of a server of `monthlyCredits` a month, refused with a
 * balance of `balance`: the purchase charges the first hour (contracts hourlyUnits), so the missing
 * credits are that hour's price less the balance, rounded up to a whole credit and to the credit order's
 * minimum (25), at most its maximum.
 */
export function missingCreditsToBuy(monthlyCredits: number, balance: number): number {
  const hour = unitsToCredits(hourlyUnits(creditsToUnits(monthlyCredits)));
  const missing = Math.ceil(Math.max(0, hour - balance) - 1e-9);
  return Math.min(CREDITS_ORDER_MAX, Math.max(CREDITS_ORDER_MIN, missing));
}
