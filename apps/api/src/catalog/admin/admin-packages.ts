/**
 * Store administration, packages (product.md "Staff screens", "Entities and fields", "Error catalogue"). An
 * edit reaches the servers through the caller's handler (staff/catalog-edits.ts), since servers own those
 * rows.
 */
import type { AdminPackage, PackageFields } from '@falkenhost/contracts/admin';
import { REASONS } from '@falkenhost/contracts/errors';
import {
  centsToEur,
  creditsToUnits,
  eurPrice,
  monthlyEurPrice,
  unitsToCredits,
} from '@falkenhost/contracts/money';
import type { Transaction } from 'kysely';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import type { Database, Package } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { checkPlacement, packageNodesAndEggs, writePlacement } from '../package-placement';
import { discardImages, type PreparedImage } from '../uploads';
import {
  assertNameFree,
  type CarryToServers,
  deletedName,
  findLive,
  LIVE_SERVER_STATUSES,
  type StaffChange,
  withImages,
} from './admin-rows';

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
  // Slots are the egg's player-count variable on the panel: a change is pushed like the limits.
  'slots',
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

/** Servers that use each package now (product.md "Entities and fields" packages_ordered). */
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
    packageNodesAndEggs(ctx.db, ids),
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

/**
 * Adds a package (product.md "API calls": POST multipart, 201); `target` makes it a custom package for that
 * user.
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

/** A package edit as its servers see it: `priceDelta` in credit units a month; `resourcesChanged`. */
export interface PackageChange {
  packageId: number;
  priceDelta: number;
  resourcesChanged: boolean;
  /** ms since the epoch */
  at: number;
}

/**
 * Edits a public package (product.md "API calls": PUT multipart without target); the thumbnail only when
 * given.
 * @param carryToServers runs in the edit's transaction, before its audit entry, to update the servers
 * @throws AppError 404 not-found, 403 forbidden (custom package, product.md "Screens and routes"), 409 exists, 400 as checkPlacement
 */
export async function updatePackage(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  fields: PackageFields,
  thumbnail: PreparedImage | undefined,
  carryToServers: CarryToServers<PackageChange>,
): Promise<AdminPackage> {
  const before = await findLive(ctx.db, 'packages', id);
  if (before.target_user_id !== null) throw new AppError(403, REASONS.forbidden);
  const nestOf = await checkPlacement(ctx, fields);
  await assertNameFree(ctx.db, 'packages', fields.name, id);
  const { nodesOf, eggsOf } = await packageNodesAndEggs(ctx.db, [id]);
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
      await carryToServers(trx, {
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
 * Deletes a package nobody uses (product.md "Screens and routes"); the row stays hidden for the servers that
 * once used it.
 * @throws AppError 404 not-found, 409 owned
 */
export async function deletePackage(ctx: AppContext, change: StaffChange, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const pkg = await findLive(trx, 'packages', id);
    if ((await ownerCounts(trx, [id])).get(id)) throw new AppError(409, REASONS.owned);
    const { nodesOf, eggsOf } = await packageNodesAndEggs(trx, [id]);
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
