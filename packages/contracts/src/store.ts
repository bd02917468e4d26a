/**
 * Customer store contracts under /api/private (product.md "Customer store", "Package overview dialog",
 * "Order-credits dialog"; 3; 5; 7 "Public and store").
 */

import { z } from 'zod';
import { packageResources } from './catalog';
import { ADDON_TYPES, CREDITS_ORDER_MAX, CREDITS_ORDER_MIN, ORDER_STATUSES } from './constants';
import { variablesField } from './egg-variables';
import { id, jsonId, SERVER_NAME_PATTERN } from './fields';
import { PAYMENT_METHODS } from './money';

export const creditsAnswer = z.object({ credits: z.number() });
export type CreditsAnswer = z.infer<typeof creditsAnswer>;

export const orderStatusQuery = z.object({ order: z.uuid() });
export const orderStatusAnswer = z.object({
  status: z.enum(ORDER_STATUSES),
  credits_amount: z.number(),
  /**
   * `credits` for an order paid from the balance (a server bought with credits, an unsuspension): no
   * payment happened, so the popup does not speak of one; `payment` for one paid through Mollie.
   */
  paid_with: z.enum(['payment', 'credits']),
});
export type OrderStatusAnswer = z.infer<typeof orderStatusAnswer>;

export const referrerAnswer = z.array(z.object({ username: z.string() }));
export const referrerBody = z.object({ referrer: z.string().trim().min(1).max(64) });
export const referrerSetAnswer = z.object({ referrer: z.string() });

export const packageIdQuery = z.object({ packageId: id });
export const gameIdQuery = z.object({ gameId: id });

/** An add-on offered for a package (product.md "Entities and fields"). */
export const storeAddon = z.object({
  id: z.number().int(),
  name: z.string(),
  credits_monthly: z.number(),
  type: z.enum(ADDON_TYPES),
  quantity: z.number().int(),
  eur_price: z.number(),
});
export type StoreAddon = z.infer<typeof storeAddon>;

/**
 * A location for ordering: id, code (Pterodactyl short) and name (long) (product.md "Entities and fields").
 */
export const storeLocation = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type StoreLocation = z.infer<typeof storeLocation>;

/** A package row of the customer store (product.md "Customer store"); used 0 means custom. */
export const storePackage = packageResources.extend({
  id: z.number().int(),
  name: z.string(),
  game_id: z.number().int(),
  game_name: z.string(),
  thumbnail_url: z.string(),
  credits_monthly: z.number(),
  eur_price: z.number(),
  monthly_eur_price: z.number(),
  eggs: z.array(z.number().int()),
  used: z.number().int(),
});
export type StorePackage = z.infer<typeof storePackage>;

export const nestWithEggs = z.object({
  id: z.number().int(),
  name: z.string(),
  eggs: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const packagesAdditionalData = z.object({ nests: z.array(nestWithEggs) });
export type PackagesAdditionalData = z.infer<typeof packagesAdditionalData>;

export const discountVerificationBody = z.object({ code: z.string().trim().min(1).max(64) });
/** percentage is a number of percent, e.g. 10 or 12.5 */
export const discountVerificationAnswer = z.object({ code: z.string(), percentage: z.number() });

/**
 * Billing address (product.md "Entities and fields"): line 2 and state optional; country as ISO 3166-1
 * alpha-2.
 */
export const billingAddress = z.object({
  addressLine1: z.string().trim().min(1, 'address').max(120),
  addressLine2: z.string().trim().max(120).optional().default(''),
  city: z.string().trim().min(1, 'address').max(80),
  postalCode: z.string().trim().min(1, 'address').max(16),
  state: z.string().trim().max(80).optional().default(''),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'address'),
});
export type BillingAddress = z.infer<typeof billingAddress>;

const optionalText = z.string().trim().max(64).optional().default('');

/** The return marker of a credit purchase made for a refused order (orderCreditsBody `resume`). */
export const ORDER_RESUME = 'order';

export const orderCreditsBody = billingAddress.extend({
  referrer: optionalText,
  discountCode: optionalText,
  /** a JSON integer (product.md "API calls" sends a number); no numeric strings, arrays or other coercions */
  creditsAmount: z
    .number({ error: 'credits-amount' })
    .int('credits-amount')
    .min(CREDITS_ORDER_MIN, 'credits-amount')
    .max(CREDITS_ORDER_MAX, 'credits-amount'),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'payment-method' }),
  /**
   * `order`: the credits are bought for an order refused for too few credits; the checkout returns with
   * `&resume=order`, so the store reopens that order from the browser's draft (decision 430).
   */
  resume: z.literal(ORDER_RESUME).optional(),
});
export type OrderCreditsBody = z.input<typeof orderCreditsBody>;

/** A link to follow: the Mollie checkout, or /dashboard?order=... when nothing is left to pay. */
export const linkAnswer = z.object({ link: z.string() });

/** Add-on ids: JSON integers, at most one add-on of each type. */
const addonIdList = z.array(jsonId).max(ADDON_TYPES.length, 'addons');

/**
 * `addonIds` is a JSON string of ids in the spec ("[3,5]"); an array is accepted too. Either way the ids
 * are JSON integers: no numeric strings ('["3"]') or other coercions.
 */
export const addonIdsField = z
  .union([addonIdList, z.string()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return [] as number[];
    if (Array.isArray(value)) return value;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
    const ids = addonIdList.safeParse(parsed);
    if (!ids.success) {
      ctx.addIssue({ code: 'custom', message: 'addons' });
      return z.NEVER;
    }
    return ids.data;
  });

/**
 * A server name (product.md "Validation rules"): required; letters, digits, underscore, dot, hyphen and
 * space; at most 50.
 */
const serverNameField = z
  .string()
  .trim()
  .min(1, 'server-name-missing')
  .max(50, 'server-name')
  .regex(SERVER_NAME_PATTERN, 'server-name');

export const packageByCreditsBody = z.object({
  serverName: serverNameField,
  packageId: jsonId,
  eggId: jsonId,
  locationId: jsonId,
  addonIds: addonIdsField,
  /** the egg variables the customer must give (issue 28): `{ "FIVEM_LICENSES": "..." }` */
  variables: variablesField,
});
export type PackageByCreditsBody = z.input<typeof packageByCreditsBody>;
/** The body after parsing: `addonIds` a list of ids, `variables` an object. */
export type ParsedPackageByCreditsBody = z.output<typeof packageByCreditsBody>;

/**
 * Payment methods of the order-package dialog: the spec's identifiers are creditCard and paypal, and the
 * dialog offers credit card only (product.md "Screens and routes", "Business constants and limits"); a
 * monthly subscription needs a card mandate (reference/mollie.md: PayPal recurring needs account approval).
 * PayPal is refused with 'payment-method'.
 */
export const PACKAGE_ORDER_METHODS = ['creditCard'] as const;

/**
 * POST /api/private/store/order-package (product.md "API calls"): a server billed monthly by card. Answers `{
 * link }`, the Mollie checkout of the first month.
 */
export const orderPackageBody = billingAddress.extend({
  referrer: optionalText,
  discountCode: optionalText,
  name: serverNameField,
  paymentMethod: z.enum(PACKAGE_ORDER_METHODS, { error: 'payment-method' }),
  packageId: jsonId,
  eggId: jsonId,
  locationId: jsonId,
  addonIds: addonIdsField,
  variables: variablesField,
});
export type OrderPackageBody = z.input<typeof orderPackageBody>;
/** The body after parsing: defaults filled, `addonIds` a list of ids. */
export type ParsedOrderPackageBody = z.output<typeof orderPackageBody>;

/**
 * The messages of the order schemas above in the order the dialogs check them (product.md "Validation rules"
 * "Order dialog checks"): (1) 'discount', a code entered but not verified (the form's own rule: the server
 * verifies the code itself and answers 400 discount); (2) the address and payment method; (3) a missing
 * package, egg, location or server name; (4) the server name's characters; then the credits amount, add-ons
 * and egg variables. A form shows the first of its failing messages in this order.
 */
export const ORDER_CHECK_ORDER = [
  'discount',
  'address',
  'payment-method',
  'id',
  'server-name-missing',
  'server-name',
  'credits-amount',
  'addons',
  'variable',
] as const;

/**
 * The first of `messages` (a form's errors, path -> message of the schemas above) in ORDER_CHECK_ORDER;
 * a message not in the list comes last; null when there is none.
 */
export function firstOrderCheck(messages: Record<string, unknown>): string | null {
  const found = Object.values(messages).filter((message): message is string => typeof message === 'string');
  const rank = (message: string) => {
    const index = (ORDER_CHECK_ORDER as readonly string[]).indexOf(message);
    return index === -1 ? ORDER_CHECK_ORDER.length : index;
  };
  return found.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
