/**
 * The writes of the users section (spec 2 "Users admin", 6): a role change or a (de)activation by staff
 * ends every session of the user at their next request, so the new rights or the closed door hold at
 * once (the access token's version is bumped, refresh tokens are revoked).
 */
import type { Role } from '@falkenhost/contracts/constants';
import type { Transaction } from 'kysely';
import type { Database, User } from '../platform/db/schema';
import { revokeSessions } from './user-account';

async function setEndingSessions(
  trx: Transaction<Database>,
  userId: number,
  set: Pick<Partial<User>, 'role' | 'active'>,
  at: number,
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ ...set, token_version: eb('token_version', '+', 1), updated_at: at }))
    .where('id', '=', userId)
    .execute();
  await revokeSessions(trx, userId, at);
}

/**
 * Gives the user `role` and ends all their sessions; the caller has checked the change is allowed.
 * @param at ms since the epoch (updated_at, the sessions' revoked_at)
 */
export async function setRoleEndingSessions(
  trx: Transaction<Database>,
  userId: number,
  role: Role,
  at: number,
): Promise<void> {
  await setEndingSessions(trx, userId, { role }, at);
}

/**
 * Activates or deactivates the account and ends all their sessions (a deactivated user cannot log in
 * again); the caller has checked the change is allowed.
 * @param at ms since the epoch (updated_at, the sessions' revoked_at)
 */
export async function setActiveEndingSessions(
  trx: Transaction<Database>,
  userId: number,
  active: boolean,
  at: number,
): Promise<void> {
  await setEndingSessions(trx, userId, { active: active ? 1 : 0 }, at);
}
