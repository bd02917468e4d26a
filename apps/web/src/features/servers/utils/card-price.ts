import { centsToEur, creditsToUnits, serverMonthPrice } from '@falkenhost/contracts/money';

/**
 * What a month of `credits` (credits per month) costs by card, in euros: the contracts' serverMonthPrice
 * with the card fee and no discount code, the figure the API sends a server card as
 * `eurPriceWithCreditCardFee`; 0 for a free package (no fee is charged for nothing).
 */
export function cardMonthEur(credits: number): number {
  return credits <= 0 ? 0 : centsToEur(serverMonthPrice(creditsToUnits(credits), 0, 'creditCard').total);
}
