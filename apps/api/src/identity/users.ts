/**
 * User records: creation, lookups and the session-user view (product.md "Entities and fields"
 * ("Session user")).
 */

import { FIRST_VISIT_MS, type SessionUser } from '@falkenhost/contracts/auth';
import { LANGUAGES } from '@falkenhost/contracts/constants';
import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, User } from '../platform/db/schema';
import { roleOf } from './roles';

/** What a login of this user asks for (docs/decisions/027-totp.md): app code, mailed code or nothing. */
export function twoFactorMethodOf(
  user: Pick<User, 'two_factor_auth' | 'totp_enabled'>,
): 'email' | 'totp' | null {
  if (user.totp_enabled === 1) return 'totp';
  return user.two_factor_auth === 1 ? 'email' : null;
}

/**
 * The session user of `user` (product.md "Entities and fields" ("Session user")).
 * @param mfa the session passed its second factor (or needs none)
 * @param now epoch ms (ctx.now()): an account younger than FIRST_VISIT_MS is on its first visit
 *   (docs/decisions/443-greetings.md)
 */
export function toSessionUser(user: User, mfa: boolean, now: number): SessionUser {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    first_visit: now - user.created_at < FIRST_VISIT_MS,
    email: user.email,
    role: roleOf(user),
    two_factor_auth: user.two_factor_auth === 1,
    two_factor_method: twoFactorMethodOf(user),
    email_verified: user.email_verified === 1,
    authenticated: mfa,
  };
}

/** Inserts a user. @returns the new row. @throws the database's unique violation (`isUniqueViolation`) */
export function createUser(db: Kysely<Database>, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function findUser(db: Kysely<Database>, userId: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** Whether any account has the master role (product.md "Roles and permissions"). */
export async function masterExists(db: Kysely<Database>): Promise<boolean> {
  const master = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'master')
    .limit(1)
    .executeTakeFirst();
  return master !== undefined;
}

export function findByUsername(db: Kysely<Database>, username: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** The first Accept-Language language the product speaks, or null. */
export function spokenLanguageOf(acceptLanguage: string | undefined): string | null {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag;
  }
  return null;
}

/** The language of a new account's mail: the first spoken Accept-Language language, else English. */
export function languageOf(acceptLanguage: string | undefined): string {
  return spokenLanguageOf(acceptLanguage) ?? 'en';
}
