/** The first master account, made at a start without one (docs/decisions/098-demo-start.md). */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../identity/passwords';
import { createUser, masterExists } from '../../identity/users';
import type { AppContext } from '../../platform/context';

/** @param email MASTER_EMAIL (or the demo's). @returns the credentials when it created one, else null */
export async function ensureMasterAccount(
  ctx: AppContext,
  email: string,
): Promise<{ email: string; password: string } | null> {
  if (await masterExists(ctx.db)) return null;
  const password = randomBytes(12).toString('base64url');
  const t = ctx.now();
  await createUser(ctx.db, {
    username: 'master',
    email: email.toLowerCase(),
    first_name: 'Master',
    last_name: 'Admin',
    password_hash: await hashPassword(password),
    role: 'master',
    email_verified: 1,
    referrer_id: null,
    ptero_user_id: null,
    mollie_customer_id: null,
    created_at: t,
    updated_at: t,
  });
  return { email: email.toLowerCase(), password };
}
