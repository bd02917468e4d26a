/**
 * Where a package runs (product.md "Staff screens", "Entities and fields" ("Package")): the panel nodes and
 * eggs staff choose.
 */
import type { PackageFields } from '@falkenhost/contracts/admin';
import { REASONS } from '@falkenhost/contracts/errors';
import type { Transaction } from 'kysely';
import { assertEggsProvisionable } from '../panel/egg-variables';
import { nestsWithEggs } from '../panel/nests';
import { slotsRefusedBy } from '../panel/slot-variables';
import type { AppContext } from '../platform/context';
import type { Database } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { fieldError } from './admin/admin-rows';
import { gameEggIds } from './game-eggs';

type Db = AppContext['db'] | Transaction<Database>;

/** The node ids and egg ids of each package, ascending; a package without rows is absent. */
export async function packageNodesAndEggs(
  db: Db,
  ids: number[],
): Promise<{ nodesOf: Map<number, number[]>; eggsOf: Map<number, number[]> }> {
  const [nodes, eggs] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom('package_nodes')
          .select(['package_id', 'node_id'])
          .where('package_id', 'in', ids)
          .orderBy('node_id')
          .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('package_eggs')
          .select(['package_id', 'egg_id'])
          .where('package_id', 'in', ids)
          .orderBy('egg_id')
          .execute(),
  ]);
  const nodesOf = new Map<number, number[]>();
  const eggsOf = new Map<number, number[]>();
  for (const n of nodes) nodesOf.set(n.package_id, [...(nodesOf.get(n.package_id) ?? []), n.node_id]);
  for (const e of eggs) eggsOf.set(e.package_id, [...(eggsOf.get(e.package_id) ?? []), e.egg_id]);
  return { nodesOf, eggsOf };
}

/**
 * Checks the game, nodes and eggs of a form against our games and the panel.
 * @returns the nest of every egg
 * @throws AppError 400 unknown, 400 validation noLocations / noNests / eggOtherGame (an egg of another game
 *   without `other_eggs`, docs/decisions/437) / slotsRefused (the slots are more than an egg's player-count
 *   variable allows), 400 variable `missing`
 */
export async function checkPlacement(ctx: AppContext, fields: PackageFields): Promise<Map<number, number>> {
  const game = await ctx.db
    .selectFrom('games')
    .select(['id', 'active'])
    .where('id', '=', fields.game)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!game) throw new AppError(400, REASONS.unknown);
  const [nodes, nests] = await Promise.all([ctx.panel.listNodes(), nestsWithEggs(ctx)]);
  const known = new Set(nodes.map((n) => n.id));
  if (!fields.nodes.every((id) => known.has(id))) throw fieldError('noLocations', 'nodes');
  const nestOf = new Map<number, number>();
  for (const nest of nests) for (const egg of nest.eggs) nestOf.set(egg.id, nest.id);
  if (!fields.eggs.every((id) => nestOf.has(id))) throw fieldError('noNests', 'eggs');
  if (!fields.other_eggs) {
    const own = new Set((await gameEggIds(ctx, nests)).get(game.id));
    if (!fields.eggs.every((id) => own.has(id))) throw fieldError('eggOtherGame', 'eggs');
  }
  // The panel would refuse every server of that egg (422 on its variable): refused here, named.
  if ((await slotsRefusedBy(ctx, game.id, fields.eggs, fields.slots)).length > 0)
    throw fieldError('slotsRefused', 'slots');
  // A published game stays sellable: an active package may not bring an egg nobody can provision.
  if (fields.active && game.active === 1) await assertEggsProvisionable(ctx, game.id, fields.eggs);
  return nestOf;
}

/** Replaces a package's nodes and eggs with the form's (duplicates dropped); `nestOf` from checkPlacement. */
export async function writePlacement(
  trx: Transaction<Database>,
  packageId: number,
  fields: PackageFields,
  nestOf: Map<number, number>,
): Promise<void> {
  await trx.deleteFrom('package_nodes').where('package_id', '=', packageId).execute();
  await trx.deleteFrom('package_eggs').where('package_id', '=', packageId).execute();
  await trx
    .insertInto('package_nodes')
    .values([...new Set(fields.nodes)].map((node_id) => ({ package_id: packageId, node_id })))
    .execute();
  await trx
    .insertInto('package_eggs')
    .values(
      [...new Set(fields.eggs)].map((egg_id) => ({
        package_id: packageId,
        egg_id,
        nest_id: nestOf.get(egg_id) as number,
      })),
    )
    .execute();
}
