/**
 * The catalogue as customers see it, priced by contracts/money.ts (product.md "Public pages",
 * "Entities and fields").
 */
import type { PublicGame, PublicPackage } from '@falkenhost/contracts/catalog';
import type { AddonType } from '@falkenhost/contracts/constants';
import { centsToEur, eurPrice, monthlyEurPrice, unitsToCredits } from '@falkenhost/contracts/money';
import type { StoreAddon } from '@falkenhost/contracts/store';
import type { Kysely } from 'kysely';
import type { Addon, Database, Game, Package } from '../platform/db/schema';

export function toPublicGame(game: Game, minPriceUnits: number | null): PublicGame {
  return {
    id: game.id,
    name: game.name,
    desktop: game.desktop === 1,
    console: game.console === 1,
    mobile: game.mobile === 1,
    priority: game.priority,
    image_url: game.image_url,
    thumbnail_url: game.thumbnail_url,
    minPrice: minPriceUnits === null ? null : unitsToCredits(minPriceUnits),
  };
}

export function toPublicPackage(pkg: Package, gameName: string, eggs: number[]): PublicPackage {
  return {
    id: pkg.id,
    name: pkg.name,
    game_id: pkg.game_id,
    game_name: gameName,
    thumbnail_url: pkg.thumbnail_url,
    credits_monthly: unitsToCredits(pkg.credits_monthly),
    eur_price: centsToEur(eurPrice(pkg.credits_monthly)),
    monthly_eur_price: centsToEur(monthlyEurPrice(pkg.credits_monthly)),
    vcpu: pkg.vcpu,
    ram_size: pkg.ram_size,
    storage_size: pkg.storage_size,
    slots: pkg.slots,
    swap: pkg.swap,
    io: pkg.io,
    databases: pkg.databases,
    backups: pkg.backups,
    ports: pkg.ports,
    eggs,
  };
}

export function toStoreAddon(addon: Addon): StoreAddon {
  return {
    id: addon.id,
    name: addon.name,
    credits_monthly: unitsToCredits(addon.credits_monthly),
    type: addon.type as AddonType,
    quantity: addon.quantity,
    eur_price: centsToEur(eurPrice(addon.credits_monthly)),
  };
}

/** Active games by priority (1 first), each with the lowest monthly credits of its active public packages. */
export async function listPublicGames(db: Kysely<Database>): Promise<PublicGame[]> {
  const [games, prices] = await Promise.all([
    db.selectFrom('games').selectAll().where('active', '=', 1).orderBy('priority').orderBy('name').execute(),
    db
      .selectFrom('packages')
      .select(['game_id', (eb) => eb.fn.min<number>('credits_monthly').as('min_price')])
      .where('active', '=', 1)
      .where('target_user_id', 'is', null)
      .groupBy('game_id')
      .execute(),
  ]);
  const minByGame = new Map(prices.map((p) => [p.game_id, Number(p.min_price)]));
  return games.map((g) => toPublicGame(g, minByGame.get(g.id) ?? null));
}

/** Egg ids by package id for the given packages. */
export async function eggsByPackage(
  db: Kysely<Database>,
  packageIds: number[],
): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (packageIds.length === 0) return map;
  const rows = await db
    .selectFrom('package_eggs')
    .select(['package_id', 'egg_id'])
    .where('package_id', 'in', packageIds)
    .orderBy('egg_id')
    .execute();
  for (const row of rows) map.set(row.package_id, [...(map.get(row.package_id) ?? []), row.egg_id]);
  return map;
}

/** Packages a user may buy for a game: active public ones plus the user's custom ones, cheapest first. */
export async function listGamePackages(
  db: Kysely<Database>,
  gameId: number,
  userId: number | null,
): Promise<{ pkg: Package; eggs: number[] }[]> {
  const packages = await db
    .selectFrom('packages')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('active', '=', 1)
    .where((eb) =>
      userId === null
        ? eb('target_user_id', 'is', null)
        : eb.or([eb('target_user_id', 'is', null), eb('target_user_id', '=', userId)]),
    )
    .orderBy('credits_monthly')
    .orderBy('id')
    .execute();
  const eggs = await eggsByPackage(
    db,
    packages.map((p) => p.id),
  );
  return packages.map((pkg) => ({ pkg, eggs: eggs.get(pkg.id) ?? [] }));
}

/**
 * One active game with its public packages, as GET /api/public/store/games/packages answers it; null
 * when the game does not exist or is inactive. Also used by the server-rendered /game/{id} page.
 */
export async function publicGamePackages(
  db: Kysely<Database>,
  gameId: number,
): Promise<{ game: PublicGame; packages: PublicPackage[] } | null> {
  const game = await db
    .selectFrom('games')
    .selectAll()
    .where('id', '=', gameId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!game) return null;
  const packages = await listGamePackages(db, game.id, null);
  const minPrice = packages.length ? Math.min(...packages.map((p) => p.pkg.credits_monthly)) : null;
  return {
    game: toPublicGame(game, minPrice),
    packages: packages.map(({ pkg, eggs }) => toPublicPackage(pkg, game.name, eggs)),
  };
}
