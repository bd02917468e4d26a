import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A Mollie-style resource id: the prefix and an underscore, then 10 random alphanumerics.
 * @param prefix e.g. `tr` (payment), `cst` (customer), `mdt` (mandate), `sub` (subscription), `pfl` (profile).
 * @returns e.g. `tr_WDqYK6vllg`
 */
export function newId(prefix: string): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${prefix}_${out}`;
}
