/** Claims released when a server is not made, done when the panel has it (taken in placement.ts). */

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Drops the allocation claims held for the server `userPackageId` (its placement is given up or retried). */
export async function releaseAllocationClaims(db: Db, userPackageId: number): Promise<void> {
  await db.deleteFrom('allocation_claims').where('user_package_id', '=', userPackageId).execute();
}

/** Marks the server's claims done at `now` (ms): the panel has the server, so its allocation is counted by the panel. */
export async function completeAllocationClaims(db: Db, userPackageId: number, now: number): Promise<void> {
  await db
    .updateTable('allocation_claims')
    .set({ done_at: now })
    .where('user_package_id', '=', userPackageId)
    .execute();
}
