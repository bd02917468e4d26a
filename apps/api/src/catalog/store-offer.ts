/**
 * What the store's dialogs read before an order (product.md "Package overview dialog", "Entities and fields",
 * "API calls").
 */
import type { AdminPackagesAdditionalData } from '@falkenhost/contracts/admin';
import type { Language, Role } from '@falkenhost/contracts/constants';
import type { PackageVariablesAnswer } from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import type {
  PackagesAdditionalData,
  StoreAddon,
  StoreLocation,
  StorePackage,
} from '@falkenhost/contracts/store';
import { packageVariableFields } from '../panel/egg-variables';
import { nestsWithEggs } from '../panel/nests';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { adminPackagesAdditionalData } from './admin/admin-games';
import { listGamePackages, toPublicPackage, toStoreAddon } from './catalog';
import { findValidDiscount } from './discounts';
import { addonsOfPackage, findOrderablePackage, packageLocations } from './packages';
import { fieldsInLanguage } from './variable-texts';

/**
 * GET store/available-users-packages: an active game's packages this user may buy, cheapest first;
 * `used` is 1 for a public package, 0 for the user's own.
 * @throws AppError 404 not-found when the game does not exist or is inactive
 */
export async function storePackagesOfGame(
  ctx: AppContext,
  gameId: number,
  userId: number,
): Promise<StorePackage[]> {
  const game = await ctx.db
    .selectFrom('games')
    .select(['id', 'name'])
    .where('id', '=', gameId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!game) throw new AppError(404, REASONS.notFound);
  const packages = await listGamePackages(ctx.db, game.id, userId);
  return packages.map(({ pkg, eggs }) => ({
    ...toPublicPackage(pkg, game.name, eggs),
    used: pkg.target_user_id === null ? 1 : 0,
  }));
}

/**
 * GET store/packages-additional-data: nests and eggs; staff also get games, locations and nodes (product.md
 * "Entities and fields").
 */
export async function packagesAdditionalDataFor(
  ctx: AppContext,
  role: Role,
): Promise<PackagesAdditionalData | AdminPackagesAdditionalData> {
  return role === 'customer' ? { nests: await nestsWithEggs(ctx) } : adminPackagesAdditionalData(ctx);
}

/**
 * GET store/package-addons: the active add-ons offered for a package the user may buy.
 * @throws AppError 400 unknown when the package is not offered to this user
 */
export async function orderableAddons(
  ctx: AppContext,
  userId: number,
  packageId: number,
): Promise<StoreAddon[]> {
  const pkg = await findOrderablePackage(ctx, userId, packageId);
  return (await addonsOfPackage(ctx, pkg.id)).map(toStoreAddon);
}

/**
 * GET store/package-locations: the panel locations of a package's nodes.
 * @throws AppError 400 unknown when the package is not offered to this user
 */
export async function orderableLocations(
  ctx: AppContext,
  userId: number,
  packageId: number,
): Promise<StoreLocation[]> {
  const pkg = await findOrderablePackage(ctx, userId, packageId);
  return packageLocations(ctx, pkg.id);
}

/**
 * GET store/package-variables: the egg variables the customer gives, per egg of the package, labelled in
 * `language` (variable-texts.ts, docs/decisions/438).
 * @throws AppError 400 unknown when the package is not offered to this user
 */
export async function orderableVariables(
  ctx: AppContext,
  userId: number,
  packageId: number,
  language: Language,
): Promise<PackageVariablesAnswer> {
  const pkg = await findOrderablePackage(ctx, userId, packageId);
  const byEgg = await packageVariableFields(ctx, pkg);
  const out: PackageVariablesAnswer = {};
  for (const [egg, fields] of Object.entries(byEgg))
    out[egg] = await fieldsInLanguage(ctx, pkg.game_id, language, fields);
  return out;
}

/**
 * POST store/discount-verification: a valid code with its percentage (product.md "Entities and fields",
 * "States and transitions" ("Discount")).
 * @param now ms
 * @returns the code as stored and the discount in percent
 * @throws AppError 400 discount when the code is empty, unknown or expired
 */
export async function verifyDiscountCode(
  ctx: AppContext,
  code: string,
  now: number,
): Promise<{ code: string; percentage: number }> {
  const discount = await findValidDiscount(ctx.db, code, now);
  if (!discount) throw new AppError(400, REASONS.discount);
  return { code: discount.code, percentage: discount.percentageBp / 100 };
}
