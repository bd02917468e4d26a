/** What a running server may change to (product.md "Customer servers"): add-ons and packages on offer. */
import type { StoreAddon, StorePackage } from '@falkenhost/contracts/store';
import { toPublicPackage, toStoreAddon } from '../../catalog/catalog';
import { addonsOfPackage, oneAddonPerType } from '../../catalog/packages';
import type { AppContext } from '../../platform/context';
import { loadOwnedServer } from '../owned-server';

/**
 * Add-ons offered for the server's package whose type it does not have yet, by
 * catalog/packages.ts#oneAddonPerType ([] for custom servers).
 */
export async function addonsAvailableForChange(
  ctx: AppContext,
  userId: number,
  userPackageId: number,
): Promise<StoreAddon[]> {
  const owned = await loadOwnedServer(ctx, userId, userPackageId);
  if (owned.custom) return [];
  return (await addonsOfPackage(ctx, owned.pkg.id))
    .filter((a) => oneAddonPerType([...owned.addons, a]))
    .map(toStoreAddon);
}

/** The other active public packages of the server's game ([] for custom servers). */
export async function packagesAvailableForChange(
  ctx: AppContext,
  userId: number,
  userPackageId: number,
): Promise<StorePackage[]> {
  const owned = await loadOwnedServer(ctx, userId, userPackageId);
  if (owned.custom) return [];
  const game = await ctx.db
    .selectFrom('games')
    .select(['id', 'name'])
    .where('id', '=', owned.pkg.game_id)
    .executeTakeFirstOrThrow();
  const packages = await ctx.db
    .selectFrom('packages')
    .selectAll()
    .where('game_id', '=', game.id)
    .where('active', '=', 1)
    .where('target_user_id', 'is', null)
    .where('id', '!=', owned.pkg.id)
    .orderBy('credits_monthly')
    .execute();
  const eggs = packages.length
    ? await ctx.db
        .selectFrom('package_eggs')
        .select(['package_id', 'egg_id'])
        .where(
          'package_id',
          'in',
          packages.map((p) => p.id),
        )
        .execute()
    : [];
  return packages.map((pkg) => ({
    ...toPublicPackage(
      pkg,
      game.name,
      eggs.filter((e) => e.package_id === pkg.id).map((e) => e.egg_id),
    ),
    used: 1,
  }));
}
