/**
 * Discount codes (product.md "Entities and fields", "States and transitions" ("Discount")): valid while
 * valid_until is ahead; compared case-insensitively.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../platform/db/schema';
import { AppError } from '../platform/errors';

export interface ValidDiscount {
  id: number;
  code: string;
  percentageBp: number;
}

/**
 * The discount of a typed code (an empty code means no discount).
 * @returns the discount, or null for an empty code
 * @throws AppError 400 discount when the code is unknown or expired
 */
export async function findValidDiscount(
  db: Kysely<Database>,
  code: string,
  now: number,
): Promise<ValidDiscount | null> {
  const trimmed = code.trim();
  if (!trimmed) return null;
  const row = await db
    .selectFrom('discounts')
    .select(['id', 'code', 'percentage_bp', 'valid_until'])
    .where(sql`lower(code)`, '=', trimmed.toLowerCase())
    .executeTakeFirst();
  if (!row || row.valid_until <= now) throw new AppError(400, REASONS.discount);
  return { id: row.id, code: row.code, percentageBp: row.percentage_bp };
}
