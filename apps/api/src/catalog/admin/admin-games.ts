/**
 * Store administration, games (product.md "Staff screens", "Entities and fields", "Error catalogue"). A
 * change clears only this instance's public catalogue cache; other instances follow when their entry expires.
 */
import type { AdminGame, AdminPackagesAdditionalData, GameFields } from '@falkenhost/contracts/admin';
import { REASONS } from '@falkenhost/contracts/errors';
import type { Transaction } from 'kysely';
import { checkGameVariables, parseVariables } from '../../panel/egg-variables';
import { nestsWithEggs } from '../../panel/nests';
import { checkSlotVariables, packageSlotVariables, parseSlotVariables } from '../../panel/slot-variables';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import type { Database, Game } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { gameEggIds } from '../game-eggs';
import { discardImages, type PreparedImage } from '../uploads';
import { assertNameFree, deletedName, findLive, type StaffChange, withImages } from './admin-rows';

function gameRecord(game: Game) {
  return {
    name: game.name,
    desktop: game.desktop === 1,
    console: game.console === 1,
    mobile: game.mobile === 1,
    priority: game.priority,
    active: game.active === 1,
    image_url: game.image_url,
    thumbnail_url: game.thumbnail_url,
  };
}

/** Games not deleted, by priority, each with its count of packages (a game with packages stays). */
export async function listAdminGames(ctx: AppContext): Promise<AdminGame[]> {
  const [games, counts] = await Promise.all([
    ctx.db
      .selectFrom('games')
      .selectAll()
      .where('deleted_at', 'is', null)
      .orderBy('priority')
      .orderBy('name')
      .execute(),
    ctx.db
      .selectFrom('packages')
      .select(['game_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('deleted_at', 'is', null)
      .groupBy('game_id')
      .execute(),
  ]);
  const byGame = new Map(counts.map((c) => [c.game_id, Number(c.n)]));
  return games.map((g) => ({ id: g.id, ...gameRecord(g), packages_count: byGame.get(g.id) ?? 0 }));
}

const findGame = (db: AppContext['db'] | Transaction<Database>, id: number): Promise<Game> =>
  findLive(db, 'games', id);

/**
 * Adds a game (product.md "API calls": POST multipart, 201).
 * @param images the prepared image and thumbnail (both required on add)
 * @throws AppError 409 exists when the name is taken (any case)
 */
export async function createGame(
  ctx: AppContext,
  change: StaffChange,
  fields: GameFields,
  images: { image: PreparedImage; thumbnail: PreparedImage },
): Promise<AdminGame> {
  await assertNameFree(ctx.db, 'games', fields.name);
  const variables = await checkGameVariables(ctx, null, fields.variables ?? {}, false);
  const slotVariables = await checkSlotVariables(ctx, fields.slot_variables ?? {});
  const game = await withImages(ctx, [images.image, images.thumbnail], ([imageUrl, thumbnailUrl]) =>
    ctx.db.transaction().execute(async (trx) => {
      await assertNameFree(trx, 'games', fields.name);
      const row = await trx
        .insertInto('games')
        .values({
          name: fields.name,
          desktop: fields.desktop ? 1 : 0,
          console: fields.console ? 1 : 0,
          mobile: fields.mobile ? 1 : 0,
          priority: fields.priority,
          active: fields.active ? 1 : 0,
          image_url: imageUrl as string,
          thumbnail_url: thumbnailUrl as string,
          variables: JSON.stringify(variables),
          slot_variables: JSON.stringify(slotVariables),
          created_at: change.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        ...change,
        action: 'create',
        entity: 'game',
        entityId: row.id,
        before: null,
        after: gameRecord(row),
      });
      return row;
    }),
  );
  ctx.publicCache.clear();
  return { id: game.id, ...gameRecord(game), packages_count: 0 };
}

/**
 * Edits a game (product.md "API calls": PUT multipart); images and egg variable values are replaced only when
 * given.
 * @throws AppError 404 not-found, 409 exists, 400 variable (refused value, or active with a value missing)
 */
export async function updateGame(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  fields: GameFields,
  images: { image?: PreparedImage | undefined; thumbnail?: PreparedImage | undefined },
): Promise<AdminGame> {
  const before = await findGame(ctx.db, id);
  await assertNameFree(ctx.db, 'games', fields.name, id);
  // A published game must be able to provision every egg of its packages.
  const variables = await checkGameVariables(
    ctx,
    id,
    fields.variables ?? parseVariables(before.variables),
    fields.active,
  );
  const slotVariables = await checkSlotVariables(
    ctx,
    fields.slot_variables ?? parseSlotVariables(before.slot_variables),
  );
  const given = [images.image, images.thumbnail].filter((i): i is PreparedImage => i !== undefined);
  const updated = await withImages(ctx, given, (urls) =>
    ctx.db.transaction().execute(async (trx) => {
      await findGame(trx, id);
      await assertNameFree(trx, 'games', fields.name, id);
      const row = await trx
        .updateTable('games')
        .set({
          name: fields.name,
          desktop: fields.desktop ? 1 : 0,
          console: fields.console ? 1 : 0,
          mobile: fields.mobile ? 1 : 0,
          priority: fields.priority,
          active: fields.active ? 1 : 0,
          variables: JSON.stringify(variables),
          slot_variables: JSON.stringify(slotVariables),
          image_url: images.image ? (urls[0] as string) : before.image_url,
          thumbnail_url: images.thumbnail ? (urls[images.image ? 1 : 0] as string) : before.thumbnail_url,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        ...change,
        action: 'update',
        entity: 'game',
        entityId: id,
        before: gameRecord(before),
        after: gameRecord(row),
      });
      return row;
    }),
  );
  await discardImages(ctx, [before.image_url, before.thumbnail_url]);
  ctx.publicCache.clear();
  const packages = await ctx.db
    .selectFrom('packages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('game_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { id, ...gameRecord(updated), packages_count: Number(packages.n) };
}

/**
 * Deletes a game without packages; the row stays hidden (decisions/041-catalogue-names-and-deletion.md).
 * @throws AppError 404 not-found, 409 owned while it has packages
 */
export async function deleteGame(ctx: AppContext, change: StaffChange, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const game = await findGame(trx, id);
    const packages = await trx
      .selectFrom('packages')
      .select('id')
      .where('game_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (packages) throw new AppError(409, REASONS.owned);
    await trx
      .updateTable('games')
      .set({ deleted_at: change.at, active: 0, name: deletedName(game.name, id) })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      ...change,
      action: 'delete',
      entity: 'game',
      entityId: id,
      before: gameRecord(game),
      after: null,
    });
  });
  ctx.publicCache.clear();
}

/**
 * The package popup's choices (product.md "Entities and fields" ("Package extra data")): games, locations and
 * nodes, nests and eggs, and which eggs belong to each game (docs/decisions/437).
 */
export async function adminPackagesAdditionalData(ctx: AppContext): Promise<AdminPackagesAdditionalData> {
  const [games, locations, nodes, nests] = await Promise.all([
    ctx.db
      .selectFrom('games')
      .select(['id', 'name'])
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute(),
    ctx.panel.listLocations(),
    ctx.panel.listNodes(),
    nestsWithEggs(ctx),
  ]);
  const eggIds = nests.flatMap((nest) => nest.eggs.map((egg) => egg.id));
  const gameEggs = await gameEggIds(ctx, nests);
  return {
    games,
    game_eggs: Object.fromEntries([...gameEggs].map(([game, eggs]) => [String(game), eggs])),
    slot_variables: await packageSlotVariables(ctx, eggIds),
    locations: locations.map((l) => ({
      id: l.id,
      long: l.long || l.short,
      nodes: nodes.filter((n) => n.location_id === l.id).map((n) => ({ id: n.id, name: n.name })),
    })),
    nests,
  };
}
