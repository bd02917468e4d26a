/** The demo seed's catalogue: app/seed decides what it holds; catalog, the tables' owner, writes the rows. */
import type { VariableTexts } from '@falkenhost/contracts/egg-variables';
import type { Insertable, Transaction } from 'kysely';
import type { AddonsTable, Database, DiscountsTable, GamesTable, PackagesTable } from '../platform/db/schema';
import { type TranslatedNames, writeNames } from './catalogue-names';

/** A package with where it runs: its panel nodes and the eggs of one nest. */
export interface CataloguePackage {
  row: Omit<Insertable<PackagesTable>, 'game_id'>;
  nodeIds: number[];
  nestId: number;
  eggIds: number[];
}

export interface CatalogueRows {
  /** each game with its packages and staff's egg variable texts (env_variable -> language -> texts) */
  games: Array<{
    row: Insertable<GamesTable>;
    packages: CataloguePackage[];
    variableTexts?: Record<string, VariableTexts>;
  }>;
  /** each add-on is offered for every package of `games`, with its names in other languages */
  addons: Array<{ row: Insertable<AddonsTable>; names: TranslatedNames }>;
  /** panel locations' names in other languages, by the location's short code */
  locationNames: Record<string, TranslatedNames>;
  discounts: Insertable<DiscountsTable>[];
}

/** Inserts games with packages, add-ons for every package, then discounts, in the caller's transaction. */
export async function insertCatalogue(trx: Transaction<Database>, rows: CatalogueRows): Promise<void> {
  const packageIds: number[] = [];
  for (const game of rows.games) {
    const { id: gameId } = await trx
      .insertInto('games')
      .values(game.row)
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [env_variable, texts] of Object.entries(game.variableTexts ?? {}))
      for (const [language, text] of Object.entries(texts))
        await trx
          .insertInto('egg_variable_texts')
          .values({
            game_id: gameId,
            env_variable,
            language,
            label: text?.label ?? '',
            help: text?.help ?? '',
          })
          .execute();
    for (const pkg of game.packages) {
      const { id } = await trx
        .insertInto('packages')
        .values({ ...pkg.row, game_id: gameId })
        .returning('id')
        .executeTakeFirstOrThrow();
      packageIds.push(id);
      for (const nodeId of pkg.nodeIds)
        await trx.insertInto('package_nodes').values({ package_id: id, node_id: nodeId }).execute();
      for (const eggId of pkg.eggIds) {
        await trx
          .insertInto('package_eggs')
          .values({ package_id: id, nest_id: pkg.nestId, egg_id: eggId })
          .execute();
      }
    }
  }
  for (const addon of rows.addons) {
    const { id } = await trx.insertInto('addons').values(addon.row).returning('id').executeTakeFirstOrThrow();
    await writeNames(trx, `addon:${id}`, addon.names);
    for (const packageId of packageIds) {
      await trx.insertInto('addon_packages').values({ addon_id: id, package_id: packageId }).execute();
    }
  }
  for (const discount of rows.discounts) await trx.insertInto('discounts').values(discount).execute();
  for (const [code, names] of Object.entries(rows.locationNames))
    await writeNames(trx, `location:${code}`, names);
}
