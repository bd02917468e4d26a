/** The users section's writes: a role change or (de)activation ends every session of the user at once. */
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

/** Gives the user `role` and ends their sessions; the caller checked it is allowed. @param at epoch ms */
export async function setRoleEndingSessions(
  trx: Transaction<Database>,
  userId: number,
  role: Role,
  at: number,
): Promise<void> {
  await setEndingSessions(trx, userId, { role }, at);
}

/** (De)activates the account and ends their sessions; the caller checked it is allowed. @param at epoch ms */
export async function setActiveEndingSessions(
  trx: Transaction<Database>,
  userId: number,
  active: boolean,
  at: number,
): Promise<void> {
  await setEndingSessions(trx, userId, { active: active ? 1 : 0 }, at);
}
