/**
 * Store administration, discount codes (product.md "Staff screens", "Entities and fields",
 * "Validation rules", "Error catalogue").
 */

import { TZDate } from '@date-fns/tz';
import type { AdminDiscount, DiscountBody } from '@falkenhost/contracts/admin';
import { DEFAULT_TIME_ZONE } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import { FULL_PERCENT } from '@falkenhost/contracts/money';
import { sql } from 'kysely';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { fieldError, rethrowUnique, type StaffChange } from './admin-rows';

/**
 * A discount's end: `YYYY-MM-DD` is the end of that day in Prague (docs/decisions/044-discount-validity.md);
 * an ISO 8601 time is taken as it is. @returns ms since the epoch, or null when the text is neither
 */
export function discountEnd(text: string): number | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const end = new TZDate(y, m - 1, d, 23, 59, 59, 999, DEFAULT_TIME_ZONE);
    if (end.getFullYear() !== y || end.getMonth() !== m - 1 || end.getDate() !== d) return null;
    return end.getTime();
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : t;
}

/**
 * Every discount code, newest first, valid while valid_until is in the future (product.md
 * "States and transitions").
 */
export async function listAdminDiscounts(ctx: AppContext): Promise<AdminDiscount[]> {
  const rows = await ctx.db.selectFrom('discounts').selectAll().orderBy('id', 'desc').execute();
  const now = ctx.now();
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    code: d.code,
    percentage: (d.percentage_bp * 100) / FULL_PERCENT,
    valid_until: new Date(Number(d.valid_until)).toISOString(),
    valid: Number(d.valid_until) > now,
  }));
}

/**
 * Adds a code (product.md "API calls": POST {code, percentage, validUntil}, 201); its name is the code.
 * @throws AppError 409 exists when the code (any case) or name is used, 400 validation validUntil
 */
export async function createDiscount(
  ctx: AppContext,
  change: StaffChange,
  body: DiscountBody,
): Promise<AdminDiscount> {
  const validUntil = discountEnd(body.validUntil);
  if (validUntil === null) throw fieldError('emptyFields', 'validUntil');
  const percentageBp = Math.round(body.percentage * 100);
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const taken = await trx
        .selectFrom('discounts')
        .select('id')
        .where((eb) =>
          eb.or([
            eb(sql`lower(code)`, '=', body.code.toLowerCase()),
            eb(sql`lower(name)`, '=', body.code.toLowerCase()),
          ]),
        )
        .executeTakeFirst();
      if (taken) throw new AppError(409, REASONS.exists);
      const inserted = await trx
        .insertInto('discounts')
        .values({
          name: body.code,
          code: body.code,
          percentage_bp: percentageBp,
          valid_until: validUntil,
          created_at: change.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        ...change,
        action: 'create',
        entity: 'discount',
        entityId: inserted.id,
        before: null,
        after: {
          code: inserted.code,
          percentage: percentageBp / 100,
          valid_until: new Date(validUntil).toISOString(),
        },
      });
      return inserted;
    })
    .catch(rethrowUnique);
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    percentage: percentageBp / 100,
    valid_until: new Date(validUntil).toISOString(),
    valid: validUntil > ctx.now(),
  };
}

/**
 * Deletes a code; orders that used it keep their discount (orders.discount_id becomes null).
 * @throws AppError 404 not-found
 */
export async function deleteDiscount(ctx: AppContext, change: StaffChange, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('discounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(404, REASONS.notFound);
    await trx.deleteFrom('discounts').where('id', '=', id).execute();
    await recordAudit(trx, {
      ...change,
      action: 'delete',
      entity: 'discount',
      entityId: id,
      before: {
        code: row.code,
        percentage: row.percentage_bp / 100,
        valid_until: new Date(Number(row.valid_until)).toISOString(),
      },
      after: null,
    });
  });
}
