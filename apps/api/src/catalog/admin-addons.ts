/**
 * Store administration, add-ons and discount codes (issue 10; spec 2 "Add-ons", "Discounts", 3, 5
 * "Admin", 8 "Admin add-ons", "Admin discounts").
 */

import { TZDate } from '@date-fns/tz';
import type {
  AddonBody,
  AddonsAdditionalData,
  AdminAddon,
  AdminDiscount,
  DiscountBody,
} from '@falkenhost/contracts/admin';
import { type AddonType, DEFAULT_TIME_ZONE } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import {
  centsToEur,
  creditsToUnits,
  eurPrice,
  FULL_PERCENT,
  unitsToCredits,
} from '@falkenhost/contracts/money';
import { sql, type Transaction } from 'kysely';
import { recordAudit } from '../platform/audit';
import type { AppContext } from '../platform/context';
import type { Addon, Database } from '../platform/db/schema';
import { AppError, isUniqueViolation } from '../platform/errors';
import {
  assertNameFree,
  deletedName,
  fieldError,
  findLive,
  LIVE_SERVER_STATUSES,
  type StaffChange,
} from './admin-games';
import { applyToOwners } from './admin-packages';

type Db = AppContext['db'] | Transaction<Database>;

function addonRecord(addon: Addon, packages: number[]) {
  return {
    name: addon.name,
    credits_monthly: unitsToCredits(addon.credits_monthly),
    type: addon.type,
    quantity: addon.quantity,
    active: addon.active === 1,
    packages,
  };
}

/** Add-ons not deleted with their packages and owner counts (spec 3 addons_ordered). */
export async function listAdminAddons(ctx: AppContext, onlyId?: number): Promise<AdminAddon[]> {
  const addons = await ctx.db
    .selectFrom('addons')
    .selectAll()
    .where('deleted_at', 'is', null)
    .$if(onlyId !== undefined, (q) => q.where('id', '=', onlyId as number))
    .orderBy('type')
    .orderBy('credits_monthly')
    .orderBy('id')
    .execute();
  const ids = addons.map((a) => a.id);
  const [links, owners] = await Promise.all([packagesOf(ctx.db, ids), ownerCounts(ctx.db, ids)]);
  return addons.map((a) => ({
    id: a.id,
    name: a.name,
    credits_monthly: unitsToCredits(a.credits_monthly),
    type: a.type as AddonType,
    quantity: a.quantity,
    active: a.active === 1,
    user_packages_id: links.get(a.id) ?? [],
    addons_ordered: owners.get(a.id) ?? 0,
    eur_price: centsToEur(eurPrice(a.credits_monthly)),
  }));
}

async function packagesOf(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('addon_packages')
    .select(['addon_id', 'package_id'])
    .where('addon_id', 'in', ids)
    .orderBy('package_id')
    .execute();
  for (const r of rows) map.set(r.addon_id, [...(map.get(r.addon_id) ?? []), r.package_id]);
  return map;
}

async function ownerCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_package_addons as upa')
    .innerJoin('user_packages as up', 'up.id', 'upa.user_package_id')
    .select(['upa.addon_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('upa.addon_id', 'in', ids)
    .where('up.status', 'in', [...LIVE_SERVER_STATUSES])
    .groupBy('upa.addon_id')
    .execute();
  return new Map(rows.map((r) => [r.addon_id, Number(r.n)]));
}

/** The package rows the add-on popup groups by game (spec 3 "Extra data rows"). */
export async function addonsAdditionalData(ctx: AppContext): Promise<AddonsAdditionalData> {
  const rows = await ctx.db
    .selectFrom('packages as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select(['p.id', 'p.name', 'p.credits_monthly', 'p.ram_size', 'p.game_id', 'g.name as game_name'])
    .where('p.deleted_at', 'is', null)
    .orderBy('g.name')
    .orderBy('p.credits_monthly')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    credits_monthly: unitsToCredits(r.credits_monthly),
    ram_size: r.ram_size,
    games_id: r.game_id,
    game_name: r.game_name,
  }));
}

/** @throws AppError 400 validation noPackages when a package id is not a live package */
async function checkPackages(db: Db, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .selectFrom('packages')
    .select('id')
    .where('id', 'in', unique)
    .where('deleted_at', 'is', null)
    .execute();
  if (rows.length !== unique.length) throw fieldError('noPackages', 'packages');
  return unique;
}

async function writeLinks(trx: Transaction<Database>, addonId: number, packages: number[]): Promise<void> {
  await trx.deleteFrom('addon_packages').where('addon_id', '=', addonId).execute();
  await trx
    .insertInto('addon_packages')
    .values(packages.map((package_id) => ({ addon_id: addonId, package_id })))
    .execute();
}

async function one(ctx: AppContext, id: number): Promise<AdminAddon> {
  const [addon] = await listAdminAddons(ctx, id);
  if (!addon) throw new AppError(404, REASONS.notFound);
  return addon;
}

/**
 * Adds an add-on (spec 7: POST, 201).
 * @throws AppError 409 exists (name, any case), 400 validation noPackages
 */
export async function createAddon(
  ctx: AppContext,
  change: StaffChange,
  body: AddonBody,
): Promise<AdminAddon> {
  const id = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const packages = await checkPackages(trx, body.packages);
      await assertNameFree(trx, 'addons', body.name);
      const row = await trx
        .insertInto('addons')
        .values({
          name: body.name,
          credits_monthly: creditsToUnits(body.creditsMonthly),
          type: body.type,
          quantity: body.quantity,
          active: body.active ? 1 : 0,
          created_at: change.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeLinks(trx, row.id, packages);
      await recordAudit(trx, {
        ...change,
        action: 'create',
        entity: 'addon',
        entityId: row.id,
        before: null,
        after: addonRecord(row, packages),
      });
      return row.id;
    })
    .catch(rethrowUnique);
  ctx.publicCache.clear();
  return one(ctx, id);
}

/**
 * Edits an add-on (spec 7: PUT with id, 200). Its price reaches the servers that have it as a package's
 * does (admin-packages.ts applyToOwners); its quantity reaches their panel limits. The type of an add-on
 * someone has cannot change (one add-on per type and server, spec 4).
 * @throws AppError 404 not-found, 409 exists, 409 owned (type change while owned), 400 noPackages
 */
export async function updateAddon(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  body: AddonBody,
): Promise<AdminAddon> {
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      const before = await findLive(trx, 'addons', id);
      const packages = await checkPackages(trx, body.packages);
      await assertNameFree(trx, 'addons', body.name, id);
      const owned = (await ownerCounts(trx, [id])).get(id) ?? 0;
      if (owned > 0 && body.type !== before.type) throw new AppError(409, REASONS.owned);
      const beforePackages = (await packagesOf(trx, [id])).get(id) ?? [];
      const row = await trx
        .updateTable('addons')
        .set({
          name: body.name,
          credits_monthly: creditsToUnits(body.creditsMonthly),
          type: body.type,
          quantity: body.quantity,
          active: body.active ? 1 : 0,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeLinks(trx, id, packages);
      const priceDelta = row.credits_monthly - before.credits_monthly;
      await applyToOwners(trx, {
        addonId: id,
        priceDelta,
        resourcesChanged: row.quantity !== before.quantity,
        at: change.at,
      });
      if (priceDelta !== 0) {
        await trx
          .updateTable('user_package_addons')
          .set({ credits_monthly: row.credits_monthly })
          .where('addon_id', '=', id)
          .execute();
      }
      await recordAudit(trx, {
        ...change,
        action: 'update',
        entity: 'addon',
        entityId: id,
        before: addonRecord(before, beforePackages),
        after: addonRecord(row, packages),
      });
    })
    .catch(rethrowUnique);
  ctx.publicCache.clear();
  return one(ctx, id);
}

/**
 * Deletes an add-on nobody has (spec 2); the row stays hidden for the servers that once had it.
 * @throws AppError 404 not-found, 409 owned
 */
export async function deleteAddon(ctx: AppContext, change: StaffChange, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const addon = await findLive(trx, 'addons', id);
    if ((await ownerCounts(trx, [id])).get(id)) throw new AppError(409, REASONS.owned);
    const packages = (await packagesOf(trx, [id])).get(id) ?? [];
    await trx
      .updateTable('addons')
      .set({ deleted_at: change.at, active: 0, name: deletedName(addon.name, id) })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('addon_packages').where('addon_id', '=', id).execute();
    await recordAudit(trx, {
      ...change,
      action: 'delete',
      entity: 'addon',
      entityId: id,
      before: addonRecord(addon, packages),
      after: null,
    });
  });
  ctx.publicCache.clear();
}

function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError(409, REASONS.exists);
  throw error;
}

// ---------------------------------------------------------------------------------------------- discounts

/**
 * A discount's end: a date `YYYY-MM-DD` means the end of that day in Prague (the business's time zone,
 * docs/decisions/044-discount-validity.md); an ISO 8601 time is taken as it is.
 * @returns ms since the epoch, or null when the text is neither
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

/** Every discount code, newest first, valid while valid_until is in the future (spec 4). */
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
 * Adds a code (spec 7: POST {code, percentage, validUntil}, 201); its name is the code.
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
