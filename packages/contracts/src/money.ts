/**
 * Money and credit math: the one module that computes every price (money-and-billing.md "Money and credits").
 *
 * Units, everywhere in the product:
 * - credit amounts are integers of 1/10 000 credit ("credit units", `CreditUnits`);
 * - euro amounts are integers of cents (`Cents`);
 * - percentages are integers of basis points (1 % = 100 bp, `BasisPoints`).
 *
 * Rates: 1 credit = 0.04 EUR (product.md "Business constants and limits"), hourly price = monthly price / 730
 * hours (money-and-billing.md "Money and credits"). The credit scale (UNITS_PER_CREDIT) and the hours of a
 * month (HOURS_PER_MONTH) are written here only: every other file, SQL included, uses these constants or the
 * functions below, never 10 000 or 730. Every function here is exact on integers and rounds half up (away
 * from zero) once, at its last step. Intermediate products stay below 2^53 for every amount the product
 * accepts (at most 25 000 credits per order, 10^7 credits per package): the largest, `creditsEurTotal`,
 * multiplies cents by 10^8.
 */

/** An amount of credits in 1/10 000 credit. */
export type CreditUnits = number;
/** An amount of euro in cents. */
export type Cents = number;
/** A percentage in basis points: 1 % = 100, 100 % = 10 000. */
export type BasisPoints = number;

/** 1 credit = 10 000 credit units. */
export const UNITS_PER_CREDIT = 10_000;
/** 1 credit = 0.04 EUR = 4 cents (product.md "Business constants and limits"). */
export const CENTS_PER_CREDIT = 4;
/** 1 cent buys 2 500 credit units (0.25 credit). */
export const UNITS_PER_CENT = UNITS_PER_CREDIT / CENTS_PER_CREDIT;
/** Hours in an average month: hourly price = monthly / 730 (money-and-billing.md "Money and credits"). */
export const HOURS_PER_MONTH = 730;
/** 100 % in basis points. */
export const FULL_PERCENT: BasisPoints = 10_000;
/**
 * Monthly (card) purchase is 5 % cheaper: 95 % of the credit price (product.md
 * "Business constants and limits").
 */
export const MONTHLY_DISCOUNT_BP: BasisPoints = 500;
/**
 * Referrer bonus: 5 % of the referred customer's spending (product.md "What the product does",
 * "Business constants and limits").
 */
export const REFERRAL_BONUS_BP: BasisPoints = 500;

/**
 * Payment methods the product offers, with the spec's identifiers (product.md
 * "Business constants and limits").
 */
export const PAYMENT_METHODS = ['creditCard', 'paypal', 'paysafecard'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A payment method's fee: a percentage of the amount plus a fixed part (product.md
 * "Business constants and limits": fees).
 */
export interface PaymentFee {
  percentBp: BasisPoints;
  fixedCents: Cents;
}

/**
 * Fees by payment method (product.md "Business constants and limits"): card 1.8 % + 0.25 EUR, PayPal 3.8 % +
 * 0.50 EUR, paysafecard 15 % + 0.
 */
export const PAYMENT_FEES: Readonly<Record<PaymentMethod, PaymentFee>> = {
  creditCard: { percentBp: 180, fixedCents: 25 },
  paypal: { percentBp: 380, fixedCents: 50 },
  paysafecard: { percentBp: 1500, fixedCents: 0 },
};

/**
 * Integer division rounded half up (half away from zero for negative numerators).
 * @param numerator any safe integer
 * @param denominator a positive safe integer
 * @throws RangeError when the inputs are not safe integers or the denominator is not positive
 */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(
      `divRoundHalfUp needs safe integers and a positive denominator: ${numerator}/${denominator}`,
    );
  }
  const sign = numerator < 0 ? -1 : 1;
  const abs = Math.abs(numerator);
  const q = Math.floor(abs / denominator);
  const r = abs - q * denominator;
  return sign * (2 * r >= denominator ? q + 1 : q);
}

/** Non-negative bigint division rounded half up. */
function roundHalfUpBig(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (2n * denominator);
}

function assertUnits(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer`);
}

/**
 * Whole or decimal credits (as typed by a person or sent by the client) to credit units.
 * @param credits a finite number of credits, at most 4 decimals meaningful
 * @returns credit units, rounded half up at the 4th decimal
 */
export function creditsToUnits(credits: number): CreditUnits {
  if (!Number.isFinite(credits)) throw new RangeError('credits must be finite');
  // toFixed keeps 0.1 + 0.2 style float noise out of the integer.
  return divRoundHalfUp(Math.round(Number((credits * UNITS_PER_CREDIT).toFixed(2)) * 100), 100);
}

/** Credit units to a number of credits for JSON answers (exact to 4 decimals; display rounds further). */
export function unitsToCredits(units: CreditUnits): number {
  return units / UNITS_PER_CREDIT;
}

/**
 * Credit units to euro cents at 1 credit = 0.04 EUR, rounded half up to the cent.
 * @example unitsToCents(1_000 * 10_000) === 4_000 // 1 000 credits = 40.00 EUR
 */
export function unitsToCents(units: CreditUnits): Cents {
  return divRoundHalfUp(units * CENTS_PER_CREDIT, UNITS_PER_CREDIT);
}

/** Cents to credit units at 1 credit = 0.04 EUR (exact: 1 cent = 2 500 units). */
export function centsToUnits(cents: Cents): CreditUnits {
  return cents * UNITS_PER_CENT;
}

/**
 * Hourly price of a monthly price: monthly / 730, rounded half up to 1/10 000 credit
 * (money-and-billing.md "Money and credits").
 * @param monthlyUnits monthly price in credit units
 * @returns price of one hour in credit units
 */
export function hourlyUnits(monthlyUnits: CreditUnits): CreditUnits {
  assertUnits(monthlyUnits, 'monthlyUnits');
  return divRoundHalfUp(monthlyUnits, HOURS_PER_MONTH);
}

/** Hours of a week: on-hours schedules repeat weekly (docs/decisions/062-schedules.md). */
export const HOURS_PER_WEEK = 168;

/**
 * The expected monthly price of an hourly server that runs only in its scheduled hours: its hourly price
 * (`hourlyUnits`, what each started hour is charged) times the scheduled hours of an average month of 730
 * hours, i.e. `scheduledHoursPerWeek` x 730 / 168, rounded half up once (money-and-billing.md "Money and
 * credits", docs/decisions/445-schedule-next-start-and-monthly-estimate.md). Idle hours are not charged.
 * @param monthlyUnits the server's monthly price in credit units
 * @param scheduledHoursPerWeek the active hours of its schedules in a week, an integer 0-168
 * @returns credit units per average month
 * @throws RangeError for a negative or non-integer price, or hours outside 0-168
 * @example scheduledMonthlyUnits(730 * 10_000, 84) === 3_650_000 // half the week: 365 of 730 credits
 */
export function scheduledMonthlyUnits(monthlyUnits: CreditUnits, scheduledHoursPerWeek: number): CreditUnits {
  if (
    !Number.isInteger(scheduledHoursPerWeek) ||
    scheduledHoursPerWeek < 0 ||
    scheduledHoursPerWeek > HOURS_PER_WEEK
  )
    throw new RangeError('scheduledHoursPerWeek must be an integer from 0 to 168');
  return divRoundHalfUp(hourlyUnits(monthlyUnits) * scheduledHoursPerWeek * HOURS_PER_MONTH, HOURS_PER_WEEK);
}

/**
 * Percentage of an amount, rounded half up (the same unit in and out).
 * @param amount cents or credit units
 * @param bp basis points
 */
export function percentOf(amount: number, bp: BasisPoints): number {
  return divRoundHalfUp(amount * bp, FULL_PERCENT);
}

/** The lines of an order's price in cents; `total` is rounded once and the lines add up to it. */
export interface PriceBreakdown {
  /** price before any reduction */
  base: Cents;
  /** 5 % monthly reduction (server orders paid by card), 0 otherwise */
  monthlyDiscount: Cents;
  /** discount code reduction */
  discount: Cents;
  /** payment method fee */
  fee: Cents;
  /** what the customer pays: base - monthlyDiscount - discount + fee */
  total: Cents;
}

/**
 * Shared core of every EUR order price: base x (1 - monthly) x (1 - discount) x (1 + fee %) + fixed fee,
 * computed exactly and rounded once (money-and-billing.md "Money and credits"). The base is the exact
 * fraction `baseNumerator / baseDenominator` cents, so a price in credit units is not rounded to the cent
 * before the reductions. The reductions are shown rounded; the fee line is what remains, so the lines
 * always add up to the total.
 */
function orderPrice(
  baseNumerator: number,
  baseDenominator: number,
  monthlyBp: BasisPoints,
  discountBp: BasisPoints,
  method: PaymentMethod,
): PriceBreakdown {
  assertUnits(baseNumerator, 'base');
  if (!Number.isInteger(discountBp) || discountBp < 0 || discountBp > FULL_PERCENT) {
    throw new RangeError('discount must be 0 to 10 000 basis points');
  }
  const fee = PAYMENT_FEES[method];
  const n = BigInt(baseNumerator);
  const den = BigInt(baseDenominator);
  const full = BigInt(FULL_PERCENT);
  const keep = BigInt(FULL_PERCENT - monthlyBp);
  // base x (10^4 - m) x (10^4 - d) x (10^4 + f) / 10^12, kept exact with bigint.
  const exact = n * keep * BigInt(FULL_PERCENT - discountBp) * BigInt(FULL_PERCENT + fee.percentBp);
  const total = Number(roundHalfUpBig(exact, den * full ** 3n)) + fee.fixedCents;
  const base = Number(roundHalfUpBig(n, den));
  const afterMonthly = Number(roundHalfUpBig(n * keep, den * full));
  // The discount applies to the amount after the monthly reduction, in the spec's order.
  const discount = Number(roundHalfUpBig(n * keep * BigInt(discountBp), den * full ** 2n));
  return {
    base,
    monthlyDiscount: base - afterMonthly,
    discount,
    fee: total - (afterMonthly - discount),
    total,
  };
}

/**
 * Price of a credit purchase (product.md "Business constants and limits"): credits x 0.04 EUR, minus the
 * discount percentage, plus the fee.
 * @param creditsAmount whole credits (25 to 25 000, checked by the order schema)
 * @param discountBp discount code percentage in basis points (0 for none)
 * @param method payment method
 * @example creditsOrderPrice(100, 0, 'creditCard').total === 432 // 4.00 + 1.8 % + 0.25 = 4.322 -> 4.32 EUR
 */
export function creditsOrderPrice(
  creditsAmount: number,
  discountBp: BasisPoints,
  method: PaymentMethod,
): PriceBreakdown {
  if (!Number.isSafeInteger(creditsAmount) || creditsAmount < 0)
    throw new RangeError('creditsAmount must be whole');
  return orderPrice(creditsAmount * CENTS_PER_CREDIT, 1, 0, discountBp, method);
}

/**
 * Price of one auto top-up of `creditsAmount` whole credits (money-and-billing.md "Auto top-up"): a credit
 * order paid by card without a discount code, card fee included (decisions/426).
 * @example topUpPrice(500).total === 2061 // 20.00 + 1.8 % + 0.25 = 20.61 EUR
 */
export function topUpPrice(creditsAmount: number): PriceBreakdown {
  return creditsOrderPrice(creditsAmount, 0, 'creditCard');
}

/**
 * Price of a month of a server bought by card (product.md "Business constants and limits",
 * money-and-billing.md "Billing"): the EUR price of its monthly credits, minus 5 %, minus the discount code
 * (first month only: pass 0 for later months), plus the card fee.
 * @param monthlyUnits package plus add-ons, credit units per month
 * @param discountBp discount code percentage in basis points (0 for none or a later month)
 * @param method payment method (the package order dialog offers only creditCard)
 */
export function serverMonthPrice(
  monthlyUnits: CreditUnits,
  discountBp: BasisPoints,
  method: PaymentMethod,
): PriceBreakdown {
  return orderPrice(monthlyUnits, UNITS_PER_CENT, MONTHLY_DISCOUNT_BP, discountBp, method);
}

/**
 * EUR price of a monthly credit price (package or add-on `eur_price`): credits x 0.04 (product.md
 * "Business constants and limits").
 * @param monthlyUnits credit units per month
 */
export function eurPrice(monthlyUnits: CreditUnits): Cents {
  return unitsToCents(monthlyUnits);
}

/**
 * The monthly (card) EUR price shown beside a package: 95 % of its credit price in EUR (product.md
 * "Business constants and limits").
 * @param monthlyUnits credit units per month
 */
export function monthlyEurPrice(monthlyUnits: CreditUnits): Cents {
  assertUnits(monthlyUnits, 'monthlyUnits');
  // credits x 0.04 x 95 %, from the exact credit units, rounded once
  return divRoundHalfUp(monthlyUnits * (FULL_PERCENT - MONTHLY_DISCOUNT_BP), UNITS_PER_CENT * FULL_PERCENT);
}

/**
 * The referral base of one payment: the one place it is computed. What the referred customer spent, on
 * which the referral bonus (`referralBonusUnits`, 5 %) is paid: the amount paid, after discounts, minus
 * the payment method's fee (the fee goes to the payment provider; docs/decisions/050-referral-bonus.md).
 * @param amountCents what the payment took, fee included, in cents
 * @param feeCents the payment method's fee within `amountCents`, in cents (0 when not itemised)
 * @returns cents (`referralBonusUnits` throws RangeError when it is below 0)
 */
export function referralBaseCents(amountCents: Cents, feeCents: Cents): Cents {
  return amountCents - feeCents;
}

/**
 * Referral bonus of one payment (money-and-billing.md "Referral"): 5 % of what the referred customer spent,
 * meaning the amount after discounts and before the payment fee, as credits.
 * @param spentCents payment amount without the payment method's fee (`referralBaseCents`), in cents
 * @returns bonus in credit units (exact: 5 % of 2 500 units per cent = 125 units per cent)
 */
export function referralBonusUnits(spentCents: Cents): CreditUnits {
  assertUnits(spentCents, 'spentCents');
  return percentOf(centsToUnits(spentCents), REFERRAL_BONUS_BP);
}

/**
 * Monthly cost of a package change as the details overlay shows it (product.md
 * "Business constants and limits" ("Monthly upgrade cost shown")): the new monthly credits minus the current
 * when higher, else 0.
 * @param newMonthlyUnits the new package's credit units per month
 * @param currentMonthlyUnits the server's current credit units per month
 */
export function upgradeCostUnits(
  newMonthlyUnits: CreditUnits,
  currentMonthlyUnits: CreditUnits,
): CreditUnits {
  assertUnits(newMonthlyUnits, 'newMonthlyUnits');
  assertUnits(currentMonthlyUnits, 'currentMonthlyUnits');
  return Math.max(0, newMonthlyUnits - currentMonthlyUnits);
}

/**
 * What a change of a monthly server's price costs for the rest of its paid period
 * (money-and-billing.md "Add-ons and package change": the difference for the new rate is charged for the rest
 * of the period): the monthly difference times the share of the period still ahead, rounded half up once. A
 * cheaper rate costs 0 (nothing is refunded for the rest of a period;
 * docs/decisions/064-monthly-server-changes.md).
 * @param monthlyDiffUnits new minus current credit units per month (0 or less costs 0)
 * @param remainingMs milliseconds from now to the end of the paid period (clamped to 0..periodMs)
 * @param periodMs length of the paid period in milliseconds (> 0)
 * @returns credit units to charge now
 */
export function proRataUnits(
  monthlyDiffUnits: CreditUnits,
  remainingMs: number,
  periodMs: number,
): CreditUnits {
  if (!Number.isSafeInteger(monthlyDiffUnits)) throw new RangeError('monthlyDiffUnits must be an integer');
  if (!Number.isSafeInteger(periodMs) || periodMs <= 0) throw new RangeError('periodMs must be positive');
  if (monthlyDiffUnits <= 0) return 0;
  const remaining = Math.min(Math.max(Math.trunc(remainingMs), 0), periodMs);
  return Number(roundHalfUpBig(BigInt(monthlyDiffUnits) * BigInt(remaining), BigInt(periodMs)));
}

/** Cents as a Mollie amount value: "10.00" (reference/mollie.md). */
export function centsToAmountValue(cents: Cents): string {
  assertUnits(cents, 'cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A Mollie amount value ("10.00") to cents.
 * @throws RangeError when the value is not a non-negative amount with 2 decimals
 */
export function amountValueToCents(value: string): Cents {
  const match = /^(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new RangeError(`not an amount value: ${value}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** Cents to euro for JSON answers that the spec shows as euro (eur_price, monthly_eur_price). */
export function centsToEur(cents: Cents): number {
  return cents / 100;
}
