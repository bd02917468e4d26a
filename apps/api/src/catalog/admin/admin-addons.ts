/**
 * Store administration, add-ons (product.md "Staff screens", "Entities and fields", "Error catalogue"); edits
 * reach servers via staff/catalog-edits.ts.
 */

import type { AddonBody, AddonsAdditionalData, AdminAddon } from '@falkenhost/contracts/admin';
import type { AddonType } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import { centsToEur, creditsToUnits, eurPrice, unitsToCredits } from '@falkenhost/contracts/money';
import type { Transaction } from 'kysely';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import type { Addon, Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { dropNames, namesOf, type TranslatedNames, writeNames } from '../catalogue-names';
import {
  assertNameFree,
  type CarryToServers,
  deletedName,
  fieldError,
  findLive,
  LIVE_SERVER_STATUSES,
  rethrowUnique,
  type StaffChange,
} from './admin-rows';

type Db = AppContext['db'] | Transaction<Database>;

function addonRecord(addon: Addon, packages: number[], translations: TranslatedNames) {
  return {
    name: addon.name,
    translations,
    credits_monthly: unitsToCredits(addon.credits_monthly),
    type: addon.type,
    quantity: addon.quantity,
    active: addon.active === 1,
    packages,
  };
}

/**
 * Add-ons not deleted with their packages and owner counts (product.md "Entities and fields" addons_ordered).
 */
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
  const [links, owners, names] = await Promise.all([
    packagesOf(ctx.db, ids),
    ownerCounts(ctx.db, ids),
    namesOf(
      ctx.db,
      ids.map((id) => `addon:${id}` as const),
    ),
  ]);
  return addons.map((a) => ({
    id: a.id,
    name: a.name,
    translations: names.get(`addon:${a.id}`) ?? {},
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

/**
 * The package rows the add-on popup groups by game (product.md "Entities and fields" ("Extra data rows")).
 */
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
 * Adds an add-on (product.md "API calls": POST, 201).
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
      // (a language left empty arrives undefined: contracts' catalogueTranslations)
      const translations = body.translations ?? {};
      await writeNames(trx, `addon:${row.id}`, translations);
      await recordAudit(trx, {
        ...change,
        action: 'create',
        entity: 'addon',
        entityId: row.id,
        before: null,
        after: addonRecord(row, packages, translations),
      });
      return row.id;
    })
    .catch(rethrowUnique);
  ctx.publicCache.clear();
  return one(ctx, id);
}

/**
 * An add-on edit as its servers see it: `priceDelta` and `creditsMonthly` in credit units a month,
 * `resourcesChanged` when its quantity changed.
 */
export interface AddonChange {
  addonId: number;
  priceDelta: number;
  creditsMonthly: number;
  resourcesChanged: boolean;
  /** ms since the epoch */
  at: number;
}

/**
 * Edits an add-on (product.md "API calls": PUT with id); an owned add-on's type cannot change (one per type,
 * product.md "States and transitions").
 * @param carryToServers runs in the edit's transaction, before its audit entry, to update the servers
 * @throws AppError 404 not-found, 409 exists, 409 owned (type change while owned), 400 noPackages
 */
export async function updateAddon(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  body: AddonBody,
  carryToServers: CarryToServers<AddonChange>,
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
      const beforeNames = (await namesOf(trx, [`addon:${id}`])).get(`addon:${id}`) ?? {};
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
      // Sent, the translations replace the old ones; left out, they are kept unless the English name
      // changed: then they would name something else (docs/decisions/242).
      const translations = body.translations
        ? body.translations
        : row.name === before.name
          ? beforeNames
          : {};
      if (body.translations) await writeNames(trx, `addon:${id}`, translations);
      else if (row.name !== before.name) await dropNames(trx, `addon:${id}`);
      await carryToServers(trx, {
        addonId: id,
        priceDelta: row.credits_monthly - before.credits_monthly,
        creditsMonthly: row.credits_monthly,
        resourcesChanged: row.quantity !== before.quantity,
        at: change.at,
      });
      await recordAudit(trx, {
        ...change,
        action: 'update',
        entity: 'addon',
        entityId: id,
        before: addonRecord(before, beforePackages, beforeNames),
        after: addonRecord(row, packages, translations),
      });
    })
    .catch(rethrowUnique);
  ctx.publicCache.clear();
  return one(ctx, id);
}

/**
 * Deletes an add-on nobody has (product.md "Screens and routes"); the row stays hidden for the servers that
 * once had it.
 * @throws AppError 404 not-found, 409 owned
 */
export async function deleteAddon(ctx: AppContext, change: StaffChange, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const addon = await findLive(trx, 'addons', id);
    if ((await ownerCounts(trx, [id])).get(id)) throw new AppError(409, REASONS.owned);
    const packages = (await packagesOf(trx, [id])).get(id) ?? [];
    const names = (await namesOf(trx, [`addon:${id}`])).get(`addon:${id}`) ?? {};
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
      before: addonRecord(addon, packages, names),
      after: null,
    });
  });
  ctx.publicCache.clear();
}
