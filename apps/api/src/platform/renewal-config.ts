/**
 * RENEWAL_RETRY_DAYS (docs/operations.md "Configuration", docs/decisions/420-renewal-retries-and-grace.md):
 * the days after a failed monthly renewal on which its payment is tried again on the customer's mandate.
 */
import { z } from 'zod';

/** Without RENEWAL_RETRY_DAYS: a try 1 day and another 3 days after the renewal failed. */
export const DEFAULT_RENEWAL_RETRY_DAYS: readonly number[] = [1, 3];
/** At most this many retries, none later than this many days (a month's renewal must not meet the next). */
export const RENEWAL_RETRIES_MAX = 5;
export const RENEWAL_RETRY_DAY_MAX = 14;

/**
 * RENEWAL_RETRY_DAYS as written, e.g. `1,3`: 1 to 5 whole days, each 1 to 14, rising; unset or blank is
 * the default `1,3`.
 * @returns the days, in order
 */
export const renewalRetryDays = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const v = (value ?? '').trim();
    if (v === '') return [...DEFAULT_RENEWAL_RETRY_DAYS];
    const parts = v.split(',').map((p) => p.trim());
    const days = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN));
    const ok =
      days.length <= RENEWAL_RETRIES_MAX &&
      days.every((d, i) => d >= 1 && d <= RENEWAL_RETRY_DAY_MAX && (i === 0 || d > (days[i - 1] ?? 0)));
    if (ok) return days;
    ctx.addIssue({
      code: 'custom',
      message: `must be 1 to ${RENEWAL_RETRIES_MAX} rising whole days from 1 to ${RENEWAL_RETRY_DAY_MAX}, comma-separated (e.g. 1,3), got ${value}`,
    });
    return z.NEVER;
  });

/**
 * The demo's RENEWAL_RETRY_DAYS, checked as in production.
 * @throws Error naming the variable when it is not a valid list
 */
export function demoRenewalRetryDays(value: string | undefined): number[] {
  const parsed = renewalRetryDays.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(
    `Invalid configuration:\n  RENEWAL_RETRY_DAYS: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
  );
}
