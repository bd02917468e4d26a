/**
 * Store administration, packages (issue 10; spec 2 "Packages", 3 "Package", 5 "Admin", 8 "Admin
 * packages"). A package runs on the panel nodes chosen (locations are the nodes' locations) with the
 * eggs chosen; a custom package is made for one target user and is not edited afterwards.
 *
 * Existing owners (docs/decisions/042-catalogue-changes-reach-owners.md): a price change applies from their next hour (hourly:
 * the next hour is charged at the new rate) or their next period (monthly: the subscription's amount for
 * the following months); a resource change is queued for every server of the package and applied on the
 * panel by the panel queue, retried until the panel confirms.
 */
import type { AdminPackage, PackageFields } from '@falkenhost/contracts/admin';
import { REASONS } from '@falkenhost/contracts/errors';
import {
  centsToEur,
  creditsToUnits,
  eurPrice,
  monthlyEurPrice,
  serverMonthPrice,
  unitsToCredits,
} from '@falkenhost/contracts/money';
import type { Transaction } from 'kysely';
import { assertEggsProvisionable } from '../panel/egg-variables';
import { nestsWithEggs } from '../panel/nests';
import { enqueuePanelTasks } from '../panel/panel-queue';
import { recordAudit } from '../platform/audit';
import type { AppContext } from '../platform/context';
import type { Database, Package } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import {
  assertNameFree,
  deletedName,
  fieldError,
  findLive,
  LIVE_SERVER_STATUSES,
  type StaffChange,
  withImages,
} from './admin-games';
import { discardImages, type PreparedImage } from './uploads';

type Db = AppContext['db'] | Transaction<Database>;

/** Columns whose change must reach the panel for existing servers. */
const RESOURCE_COLUMNS = [
  'vcpu',
  'io',
  'storage_size',
  'ram_size',
  'swap',
  'databases',
  'backups',
  'ports',
] as const;

interface PackageRecord {
  name: string;
  credits_monthly: number;
  game_id: number;
  nodes: number[];
  eggs: number[];
  thumbnail_url: string;
  vcpu: number;
  io: number;
  slots: number;
  storage_size: number;
  ram_size: number;
  swap: number;
  databases: number;
  backups: number;
  ports: number;
  active: boolean;
  target_user_id: number | null;
}

function record(pkg: Package, nodes: number[], eggs: number[]): PackageRecord {
  return {
    name: pkg.name,
    credits_monthly: unitsToCredits(pkg.credits_monthly),
    game_id: pkg.game_id,
    nodes,
    eggs,
    thumbnail_url: pkg.thumbnail_url,
    vcpu: pkg.vcpu,
    io: pkg.io,
    slots: pkg.slots,
    storage_size: pkg.storage_size,
    ram_size: pkg.ram_size,
    swap: pkg.swap,
    databases: pkg.databases,
    backups: pkg.backups,
    ports: pkg.ports,
    active: pkg.active === 1,
    target_user_id: pkg.target_user_id,
  };
}

async function nodesAndEggs(db: Db, ids: number[]) {
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

/** Servers that use each package now (spec 3 packages_ordered). */
async function ownerCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_packages')
    .select(['package_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('package_id', 'in', ids)
    .where('status', 'in', [...LIVE_SERVER_STATUSES])
    .groupBy('package_id')
    .execute();
  return new Map(rows.map((r) => [r.package_id, Number(r.n)]));
}

/** Packages not deleted with their game, nodes, eggs, target user and owner count; by game, then price. */
export async function listAdminPackages(ctx: AppContext, onlyId?: number): Promise<AdminPackage[]> {
  const rows = await ctx.db
    .selectFrom('packages as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .leftJoin('users as u', 'u.id', 'p.target_user_id')
    .selectAll('p')
    .select(['g.name as game_name', 'g.image_url as game_image_url', 'u.username as target_username'])
    .where('p.deleted_at', 'is', null)
    .$if(onlyId !== undefined, (q) => q.where('p.id', '=', onlyId as number))
    .orderBy('g.priority')
    .orderBy('p.credits_monthly')
    .orderBy('p.id')
    .execute();
  const ids = rows.map((r) => r.id);
  const [{ nodesOf, eggsOf }, owners] = await Promise.all([
    nodesAndEggs(ctx.db, ids),
    ownerCounts(ctx.db, ids),
  ]);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    credits_monthly: unitsToCredits(p.credits_monthly),
    game_id: p.game_id,
    game_name: p.game_name,
    game_image_url: p.game_image_url,
    nodes: nodesOf.get(p.id) ?? [],
    eggs: eggsOf.get(p.id) ?? [],
    thumbnail_url: p.thumbnail_url,
    vcpu: p.vcpu,
    io: p.io,
    slots: p.slots,
    storage_size: p.storage_size,
    ram_size: p.ram_size,
    swap: p.swap,
    databases: p.databases,
    backups: p.backups,
    ports: p.ports,
    active: p.active === 1,
    users_username: p.target_username ?? null,
    packages_ordered: owners.get(p.id) ?? 0,
    eur_price: centsToEur(eurPrice(p.credits_monthly)),
    monthly_eur_price: centsToEur(monthlyEurPrice(p.credits_monthly)),
  }));
}

async function one(ctx: AppContext, id: number): Promise<AdminPackage> {
  const [pkg] = await listAdminPackages(ctx, id);
  if (!pkg) throw new AppError(404, REASONS.notFound);
  return pkg;
}

/**
 * Checks the game, nodes and eggs of a form against our games and the panel.
 * @returns the nest of every egg
 * @throws AppError 400 unknown (no such game), 400 validation noLocations / noNests (a node or egg the
 *   panel does not have), 400 variable `missing` (an active package of a published game with an egg
 *   whose required value nobody gives; panel/egg-variables.ts)
 */
async function checkPlacement(ctx: AppContext, fields: PackageFields): Promise<Map<number, number>> {
  const game = await ctx.db
    .selectFrom('games')
    .select(['id', 'active'])
    .where('id', '=', fields.game)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!game) throw new AppError(400, REASONS.unknown);
  const [nodes, nests] = await Promise.all([ctx.pterodactyl.listNodes(), nestsWithEggs(ctx)]);
  const known = new Set(nodes.map((n) => n.id));
  if (!fields.nodes.every((id) => known.has(id))) throw fieldError('noLocations', 'nodes');
  const nestOf = new Map<number, number>();
  for (const nest of nests) for (const egg of nest.eggs) nestOf.set(egg.id, nest.id);
  if (!fields.eggs.every((id) => nestOf.has(id))) throw fieldError('noNests', 'eggs');
  // A published game stays sellable: an active package may not bring an egg nobody can provision.
  if (fields.active && game.active === 1) await assertEggsProvisionable(ctx, game.id, fields.eggs);
  return nestOf;
}

function columns(fields: PackageFields) {
  return {
    name: fields.name,
    game_id: fields.game,
    credits_monthly: creditsToUnits(fields.credits),
    vcpu: fields.vcpu,
    io: fields.io,
    slots: fields.slots,
    storage_size: fields.storage,
    ram_size: fields.ram,
    swap: fields.swap,
    databases: fields.databases,
    backups: fields.backups,
    ports: fields.ports,
    active: fields.active ? 1 : 0,
  };
}

async function writePlacement(
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

/**
 * Adds a package (spec 7: POST multipart, 201); `target` makes it a custom package for that user.
 * @throws AppError 404 not-found (unknown target username), 409 exists, 400 as checkPlacement
 */
export async function createPackage(
  ctx: AppContext,
  change: StaffChange,
  fields: PackageFields,
  thumbnail: PreparedImage,
): Promise<AdminPackage> {
  let targetUserId: number | null = null;
  if (fields.target !== '') {
    const user = await ctx.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', fields.target.toLowerCase()))
      .executeTakeFirst();
    if (!user) throw new AppError(404, REASONS.notFound);
    targetUserId = user.id;
  }
  const nestOf = await checkPlacement(ctx, fields);
  await assertNameFree(ctx.db, 'packages', fields.name);
  const id = await withImages(ctx, [thumbnail], ([thumbnailUrl]) =>
    ctx.db.transaction().execute(async (trx) => {
      await assertNameFree(trx, 'packages', fields.name);
      const row = await trx
        .insertInto('packages')
        .values({
          ...columns(fields),
          thumbnail_url: thumbnailUrl as string,
          target_user_id: targetUserId,
          created_at: change.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writePlacement(trx, row.id, fields, nestOf);
      await recordAudit(trx, {
        ...change,
        action: 'create',
        entity: 'package',
        entityId: row.id,
        before: null,
        after: record(row, fields.nodes, fields.eggs),
      });
      return row.id;
    }),
  );
  ctx.publicCache.clear();
  return one(ctx, id);
}

/**
 * Edits a public package (spec 7: PUT multipart without target, 200); the thumbnail only when given.
 * Price and resources reach existing owners as the module says.
 * @throws AppError 404 not-found, 403 forbidden for a custom package (spec 2: not editable), 409 exists,
 *   400 as checkPlacement
 */
export async function updatePackage(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  fields: PackageFields,
  thumbnail: PreparedImage | undefined,
): Promise<AdminPackage> {
  const before = await findLive(ctx.db, 'packages', id);
  if (before.target_user_id !== null) throw new AppError(403, REASONS.forbidden);
  const nestOf = await checkPlacement(ctx, fields);
  await assertNameFree(ctx.db, 'packages', fields.name, id);
  const { nodesOf, eggsOf } = await nodesAndEggs(ctx.db, [id]);
  await withImages(ctx, thumbnail ? [thumbnail] : [], (urls) =>
    ctx.db.transaction().execute(async (trx) => {
      await assertNameFree(trx, 'packages', fields.name, id);
      const row = await trx
        .updateTable('packages')
        .set({ ...columns(fields), thumbnail_url: urls[0] ?? before.thumbnail_url })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError(404, REASONS.notFound);
      await writePlacement(trx, id, fields, nestOf);
      await applyToOwners(trx, {
        packageId: id,
        priceDelta: row.credits_monthly - before.credits_monthly,
        resourcesChanged: RESOURCE_COLUMNS.some((c) => row[c] !== before[c]),
        at: change.at,
      });
      await recordAudit(trx, {
        ...change,
        action: 'update',
        entity: 'package',
        entityId: id,
        before: record(before, nodesOf.get(id) ?? [], eggsOf.get(id) ?? []),
        after: record(row, fields.nodes, fields.eggs),
      });
    }),
  );
  if (thumbnail) await discardImages(ctx, [before.thumbnail_url]);
  ctx.publicCache.clear();
  return one(ctx, id);
}

/**
 * Carries a staff edit to the servers that use a package or add-on now: `priceDelta` (credit units a
 * month) is added to each server's monthly price, which the hourly charge reads from the next hour and
 * which sets a monthly server's card amount from its next period; a resource change queues a `build`
 * task per server for the panel.
 * @param where the servers: of a package, or having an add-on
 */
export async function applyToOwners(
  trx: Transaction<Database>,
  change: { packageId?: number; addonId?: number; priceDelta: number; resourcesChanged: boolean; at: number },
): Promise<void> {
  let owners = trx
    .selectFrom('user_packages as up')
    .select(['up.id', 'up.billing_type', 'up.credits_monthly', 'up.ptero_server_id'])
    .where('up.status', 'in', [...LIVE_SERVER_STATUSES]);
  if (change.packageId !== undefined) owners = owners.where('up.package_id', '=', change.packageId);
  if (change.addonId !== undefined)
    owners = owners.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_package_addons as upa')
          .select('upa.addon_id')
          .whereRef('upa.user_package_id', '=', 'up.id')
          .where('upa.addon_id', '=', change.addonId as number),
      ),
    );
  const rows = await owners.execute();
  if (rows.length === 0) return;
  if (change.priceDelta !== 0) {
    for (const row of rows) {
      const monthly = Math.max(0, row.credits_monthly + change.priceDelta);
      await trx
        .updateTable('user_packages')
        .set({
          credits_monthly: monthly,
          ...(row.billing_type === 'monthly'
            ? { monthly_amount_cents: serverMonthPrice(monthly, 0, 'creditCard').total }
            : {}),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  if (change.resourcesChanged) {
    const onPanel = rows.filter((r) => r.ptero_server_id !== null).map((r) => r.id);
    await enqueuePanelTasks(trx, onPanel, 'build', change.at);
  }
}

/**
 * Deletes a package nobody uses (spec 2: delete disabled while packages_ordered > 0). The row stays,
 * hidden and inactive, for the servers that once used it; its add-on offers are removed.
 * @throws AppError 404 not-found, 409 owned
 */
export async function deletePackage(ctx: AppContext, change: StaffChange, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const pkg = await findLive(trx, 'packages', id);
    if ((await ownerCounts(trx, [id])).get(id)) throw new AppError(409, REASONS.owned);
    const { nodesOf, eggsOf } = await nodesAndEggs(trx, [id]);
    await trx
      .updateTable('packages')
      .set({ deleted_at: change.at, active: 0, name: deletedName(pkg.name, id) })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('addon_packages').where('package_id', '=', id).execute();
    await recordAudit(trx, {
      ...change,
      action: 'delete',
      entity: 'package',
      entityId: id,
      before: record(pkg, nodesOf.get(id) ?? [], eggsOf.get(id) ?? []),
      after: null,
    });
  });
  ctx.publicCache.clear();
}
