/**
 * The customer's own profile (product.md "Settings", "Entities and fields" ("User (me)")): the profile answer
 * and its two flags.
 */
import type { AccountProfile } from '@falkenhost/contracts/account';
import { roleOf } from '../identity/roles';
import { findUserById, setUserFlag } from '../identity/user-account';
import type { AppContext } from '../platform/context';
import type { User } from '../platform/db/schema';

/** GET me (product.md "Entities and fields" ("User (me)")): `created_at` as ISO 8601, flags as booleans. */
export function profileOf(user: User): AccountProfile {
  return {
    username: user.username,
    email: user.email,
    role: roleOf(user),
    two_factor_auth: user.two_factor_auth === 1,
    news_subscription: user.news_subscription === 1,
    created_at: new Date(user.created_at).toISOString(),
  };
}

/**
 * PUT me/newsletter and PUT me/2fa: sets one of the account's flags (product.md "Settings"; 2FA: product.md
 * "States and transitions").
 * @returns the profile after the change
 */
export async function setAccountFlag(
  ctx: AppContext,
  userId: number,
  flag: 'news_subscription' | 'two_factor_auth',
  on: boolean,
): Promise<AccountProfile> {
  await setUserFlag(ctx.db, userId, flag, on, ctx.now());
  return profileOf(await findUserById(ctx.db, userId));
}
