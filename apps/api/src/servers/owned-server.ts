/** One customer's server, ownership checked here once so another customer's id answers 404. */
import { REASONS } from '@falkenhost/contracts/errors';
import type { Transaction } from 'kysely';
import type { AppContext } from '../platform/context';
import type { Database, Package, UserPackage } from '../platform/db/schema';
import { AppError } from '../platform/errors';

export interface OwnedServerRow {
  server: UserPackage;
  pkg: Package;
  addons: Array<{ id: number; name: string; type: string; quantity: number; credits_monthly: number }>;
  /** a custom package (made for one user): no add-on or package changes (product.md "Screens and routes") */
  custom: boolean;
}

/**
 * Loads a server of `userId` with its package and add-ons, locking the row inside a transaction on
 * PostgreSQL so concurrent changes of one server queue up.
 * @throws AppError 404 not-found when the server is not the user's (or deleted)
 */
export async function loadOwnedServer(
  ctx: AppContext,
  userId: number,
  userPackageId: number,
  trx?: Transaction<Database>,
): Promise<OwnedServerRow> {
  const db = trx ?? ctx.db;
  const server = await db
    .selectFrom('user_packages')
    .selectAll()
    .where('id', '=', userPackageId)
    .where('user_id', '=', userId)
    .where('status', 'not in', ['failed', 'deleted', 'deleting'])
    .$if(trx !== undefined && ctx.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!server) throw new AppError(404, REASONS.notFound);
  const pkg = await db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', server.package_id)
    .executeTakeFirstOrThrow();
  const addons = await db
    .selectFrom('user_package_addons as upa')
    .innerJoin('addons as a', 'a.id', 'upa.addon_id')
    .select(['a.id', 'a.name', 'a.type', 'a.quantity', 'upa.credits_monthly'])
    .where('upa.user_package_id', '=', server.id)
    .execute();
  return { server, pkg, addons, custom: pkg.target_user_id !== null };
}

/** @throws AppError 409 server-state unless the server is running (status paid) */
export function assertPaid(server: Pick<UserPackage, 'status'>): void {
  if (server.status !== 'paid') throw new AppError(409, REASONS.serverState);
}
