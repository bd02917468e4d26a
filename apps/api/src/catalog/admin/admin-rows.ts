/**
 * What the staff's store changes share (product.md "Validation rules" ("Admin")): actor, soft-deleted rows,
 * unique names, images.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { discardImages, type PreparedImage, storeImages } from '../uploads';

/** Statuses of a server that still uses its package (everything but failed and deleted). */
export const LIVE_SERVER_STATUSES = ['provisioning', 'paid', 'suspended', 'cancelled', 'deleting'] as const;

/** The staff member making a change, and when (ms since the epoch). */
export interface StaffChange {
  actorId: number;
  at: number;
}

/** Brings a staff edit to the servers that use it, in the edit's transaction (servers own those rows). */
export type CarryToServers<Change> = (trx: Transaction<Database>, change: Change) => Promise<void>;

/** 400 validation with one message (the spec's error key), as schema validation answers. */
export function fieldError(msg: string, path: string): AppError {
  return new AppError(400, REASONS.validation, undefined, [{ msg, path }]);
}

/** Throws 409 exists when another live row of `table` has `name`, any case (`exceptId`: the row edited). */
export async function assertNameFree(
  db: Transaction<Database> | AppContext['db'],
  table: 'games' | 'packages' | 'addons',
  name: string,
  exceptId?: number,
): Promise<void> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
    .executeTakeFirst();
  if (row) throw new AppError(409, REASONS.exists);
}

/** The name a soft-deleted row keeps: its own is free again for a new row (names are unique). */
export function deletedName(name: string, id: number): string {
  return `${name.slice(0, 70)} [deleted ${id}]`;
}

type LiveTable = 'games' | 'packages' | 'addons';
const LIVE: { [T in LiveTable]: T } = { games: 'games', packages: 'packages', addons: 'addons' };

/** A row of `table` that is not deleted. @throws AppError 404 not-found */
export async function findLive<T extends LiveTable>(
  db: AppContext['db'] | Transaction<Database>,
  table: T,
  id: number,
): Promise<Selectable<Database[T]>> {
  // The three tables share id and deleted_at; Kysely cannot narrow a table name held in a type parameter.
  const row = await (db as unknown as Kysely<Pick<Database, 'games'>>)
    .selectFrom(LIVE[table] as 'games')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError(404, REASONS.notFound);
  return row as unknown as Selectable<Database[T]>;
}

/** Writes images, then runs `write`, removing the images when it fails: no file without its row, or back. */
export async function withImages<T>(
  ctx: AppContext,
  images: PreparedImage[],
  write: (urls: string[]) => Promise<T>,
): Promise<T> {
  const urls = await storeImages(ctx, images);
  try {
    return await write(urls);
  } catch (error) {
    await discardImages(ctx, urls);
    rethrowUnique(error);
  }
}

/** Answers a unique-name violation of the database (a race past assertNameFree) as 409 exists. */
export function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError(409, REASONS.exists);
  throw error;
}
