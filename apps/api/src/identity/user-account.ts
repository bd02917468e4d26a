/** The account flows' writes to a user's own row and sessions (identity owns `users` and `sessions`). */

import { REASONS } from '@falkenhost/contracts/errors';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../platform/context';
import type { Database, User } from '../platform/db/schema';
import { AppError, isUniqueViolation } from '../platform/errors';
import { type AccountMailKind, renderAccountMail } from '../platform/mail/templates';
import { queueMail, sendQueuedMail } from '../platform/outbox';

type Db = Kysely<Database> | Transaction<Database>;

/** The whole row of a user. @throws Kysely's NoResultError when no user has the id */
export async function findUserById(db: Db, userId: number): Promise<User> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

/** An account mail in the user's language, greeting by first name; `values` beside `username` and `support`. */
export function accountMail(
  ctx: AppContext,
  kind: AccountMailKind,
  user: Pick<User, 'username' | 'first_name' | 'language'>,
  values: Record<string, string> = {},
  link?: string,
) {
  return renderAccountMail(
    kind,
    user.language,
    { username: user.username, firstName: user.first_name, support: ctx.config.supplier.email, ...values },
    link,
  );
}

/** Sends the outbox now so a notice leaves with the answer; a failure is retried by the mail job. */
export async function sendNoticesNow(ctx: AppContext): Promise<void> {
  await sendQueuedMail(ctx).catch((error) => ctx.log.warn({ err: error }, 'sending queued mail failed'));
}

/** Sets one of the account's flags (product.md "Settings"). @param now epoch ms */
export async function setUserFlag(
  db: Db,
  userId: number,
  flag: 'news_subscription' | 'two_factor_auth',
  on: boolean,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ [flag]: on ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function revokeSessions(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Inside `trx`: sets a new password hash, ends every session and queues the "password changed" notice.
 * @returns the user after the change
 */
export async function replacePassword(
  ctx: AppContext,
  trx: Transaction<Database>,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<User> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
  await revokeSessions(trx, userId, now);
  const after = await findUserById(trx, userId);
  await queueMail(trx, after.email, accountMail(ctx, 'passwordChanged', after), now);
  return after;
}

/** Inside the caller's transaction: deactivates the account, ends every session (decision 081). */
export async function deactivateUser(trx: Transaction<Database>, userId: number, now: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      active: 0,
      news_subscription: 0,
      token_version: eb('token_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
  await revokeSessions(trx, userId, now);
}

/** @throws AppError 400 username or 400 email when another account has the name (any case) or address */
export async function assertNameAndAddressFree(
  db: Db,
  userId: number,
  username: string | null,
  email: string | null,
): Promise<void> {
  if (username) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) throw new AppError(400, REASONS.username);
  }
  if (email) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) throw new AppError(400, REASONS.email);
  }
}

/**
 * Sets a new username and/or e-mail (null keeps it); a new e-mail counts as verified.
 * @throws AppError 400 email or 400 username when taken meanwhile
 */
export async function changeNameAndAddress(
  trx: Transaction<Database>,
  userId: number,
  change: { newUsername: string | null; newEmail: string | null },
  now: number,
): Promise<void> {
  try {
    await trx
      .updateTable('users')
      .set({
        ...(change.newUsername ? { username: change.newUsername } : {}),
        ...(change.newEmail ? { email: change.newEmail, email_verified: 1 } : {}),
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
  } catch (error) {
    // Taken between the check and the update by a registration or another change: the index decides.
    if (isUniqueViolation(error)) throw new AppError(400, change.newEmail ? REASONS.email : REASONS.username);
    throw error;
  }
}
