import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountValueToCents,
  centsToAmountValue,
  creditsOrderPrice,
  creditsToUnits,
  divRoundHalfUp,
  eurPrice,
  HOURS_PER_MONTH,
  hourlyUnits,
  monthlyEurPrice,
  referralBonusUnits,
  scheduledMonthlyUnits,
  serverMonthPrice,
  unitsToCents,
} from '../src/money';

const credits = (n: number) => n * 10_000;

describe('conversions (product.md "Business constants and limits": 1 credit = 0.04 EUR)', () => {
  it('converts credits to cents', () => {
    expect(unitsToCents(credits(1))).toBe(4);
    expect(unitsToCents(credits(100))).toBe(400);
    expect(unitsToCents(credits(1000))).toBe(4000);
    // 0.125 credit = 0.5 cent: half rounds up
    expect(unitsToCents(1250)).toBe(1);
    expect(unitsToCents(1249)).toBe(0);
  });

  it('reads decimal credits without float noise', () => {
    expect(creditsToUnits(0.1 + 0.2)).toBe(3000);
    expect(creditsToUnits(12.5)).toBe(125_000);
    expect(creditsToUnits(1000)).toBe(10_000_000);
  });

  it('rounds half up, away from zero for negatives', () => {
    expect(divRoundHalfUp(5, 2)).toBe(3);
    expect(divRoundHalfUp(-5, 2)).toBe(-3);
    expect(divRoundHalfUp(4, 3)).toBe(1);
    expect(() => divRoundHalfUp(1, 0)).toThrow(RangeError);
  });

  it('formats and parses Mollie amount values', () => {
    expect(centsToAmountValue(432)).toBe('4.32');
    expect(centsToAmountValue(5)).toBe('0.05');
    expect(amountValueToCents('10.00')).toBe(1000);
    expect(() => amountValueToCents('10.0')).toThrow(RangeError);
    fc.assert(fc.property(fc.nat(10_000_000), (c) => amountValueToCents(centsToAmountValue(c)) === c));
  });
});

describe('hourly price (money-and-billing.md "Money and credits": monthly / 730)', () => {
  it('divides by 730 and rounds to 1/10 000 credit', () => {
    // 730 credits a month = exactly 1 credit an hour
    expect(hourlyUnits(credits(730))).toBe(credits(1));
    // 1000 / 730 = 1.36986301... -> 1.3699
    expect(hourlyUnits(credits(1000))).toBe(13_699);
  });
});

describe('package prices (product.md "Business constants and limits")', () => {
  it('eur_price is credits x 0.04 and the monthly price is 95 % of it', () => {
    expect(eurPrice(credits(1000))).toBe(4000);
    expect(monthlyEurPrice(credits(1000))).toBe(3800);
    expect(monthlyEurPrice(credits(250))).toBe(950);
  });
});

describe('credit order price (product.md "Business constants and limits": credits x 0.04, minus discount, plus fee)', () => {
  it('100 credits by card: 4.00 + 1.8 % + 0.25 = 4.32 EUR', () => {
    expect(creditsOrderPrice(100, 0, 'creditCard')).toEqual({
      base: 400,
      monthlyDiscount: 0,
      discount: 0,
      fee: 32,
      total: 432,
    });
  });

  it('PayPal 3.8 % + 0.50 and paysafecard 15 %', () => {
    // 1000 credits = 40.00; PayPal: 40 * 1.038 + 0.50 = 42.02
    expect(creditsOrderPrice(1000, 0, 'paypal').total).toBe(4202);
    // paysafecard: 40 * 1.15 = 46.00
    expect(creditsOrderPrice(1000, 0, 'paysafecard').total).toBe(4600);
  });

  it('applies the discount before the fee', () => {
    // 1000 credits, 10 % off: 36.00, card: 36 * 1.018 + 0.25 = 36.898 -> 36.90
    const price = creditsOrderPrice(1000, 1000, 'creditCard');
    expect(price.discount).toBe(400);
    expect(price.total).toBe(3690);
    expect(price.base - price.discount + price.fee).toBe(price.total);
  });

  it('lines always add up to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 25, max: 25_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom('creditCard' as const, 'paypal' as const, 'paysafecard' as const),
        (amount, bp, method) => {
          const p = creditsOrderPrice(amount, bp, method);
          return p.base - p.monthlyDiscount - p.discount + p.fee === p.total && p.total >= 0;
        },
      ),
    );
  });
});

describe('server month by card (product.md "Business constants and limits": 95 %, then discount, then card fee)', () => {
  it('1000 credits a month: 38.00 + 1.8 % + 0.25 = 38.93 EUR', () => {
    const p = serverMonthPrice(credits(1000), 0, 'creditCard');
    expect(p.monthlyDiscount).toBe(200);
    expect(p.total).toBe(3893);
  });

  it('first month with a 20 % code: 38.00 - 7.60 = 30.40, + fee = 31.20', () => {
    // 30.40 * 1.018 = 30.9472 + 0.25 = 31.1972 -> 31.20
    const p = serverMonthPrice(credits(1000), 2000, 'creditCard');
    expect(p.discount).toBe(760);
    expect(p.total).toBe(3120);
  });

  it('rounds once, from the exact credit units, for prices that are not whole credits', () => {
    // 312.38 credits = 12.4952 EUR; x 0.95 = 11.87044; x 1.018 + 0.25 = 12.3341 -> 12.33 (not 12.34)
    expect(serverMonthPrice(creditsToUnits(312.38), 0, 'creditCard').total).toBe(1233);
    // 0.38 credits = 1.52 cents; x 0.95 = 1.444 -> 1 cent (not 2)
    expect(monthlyEurPrice(creditsToUnits(0.38))).toBe(1);
    expect(monthlyEurPrice(creditsToUnits(312.38))).toBe(1187);
  });

  it('lines always add up to the total, for any price and code', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 * 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (units, bp) => {
          const p = serverMonthPrice(units, bp, 'creditCard');
          return (
            p.base - p.monthlyDiscount - p.discount + p.fee === p.total &&
            p.base - p.monthlyDiscount === monthlyEurPrice(units)
          );
        },
      ),
    );
  });
});

describe('referral bonus (5 % of spending, as credits)', () => {
  it('gives 5 % of the amount spent', () => {
    // 4.00 EUR spent = 100 credits -> 5 credits
    expect(referralBonusUnits(400)).toBe(credits(5));
    expect(referralBonusUnits(1)).toBe(125);
  });
});

describe('an hourly server on a schedule (decisions/445)', () => {
  it('costs its hourly price for the scheduled hours of an average month', () => {
    // 730 credits a month = 1 credit an hour; 84 of 168 hours = half of 730 hours
    expect(scheduledMonthlyUnits(credits(730), 84)).toBe(credits(365));
    // 40 hours a week: 40 x 730 / 168 = 173.81 hours of 1 credit
    expect(scheduledMonthlyUnits(credits(730), 40)).toBe(1_738_095);
    expect(scheduledMonthlyUnits(credits(730), 0)).toBe(0);
  });

  it('the whole week costs what the hours of a month cost, and never more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 * 10_000 }),
        fc.integer({ min: 0, max: 168 }),
        (units, hours) => {
          const scheduled = scheduledMonthlyUnits(units, hours);
          const full = hourlyUnits(units) * HOURS_PER_MONTH;
          return scheduledMonthlyUnits(units, 168) === full && scheduled <= full && scheduled >= 0;
        },
      ),
    );
  });

  it('refuses hours a week cannot have', () => {
    expect(() => scheduledMonthlyUnits(credits(10), 169)).toThrow(RangeError);
    expect(() => scheduledMonthlyUnits(credits(10), 1.5)).toThrow(RangeError);
  });
});
