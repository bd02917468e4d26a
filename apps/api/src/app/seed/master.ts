/**
 * The first master account (issue 2: "a master account whose password is printed at first start").
 * Created at any start when no master exists, so a new installation can always be administered; the
 * password is shown once and only its argon2id hash is kept (docs/decisions/098-demo-start.md).
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../identity/passwords';
import { createUser, masterExists } from '../../identity/users';
import type { AppContext } from '../../platform/context';

/**
 * @param email the master's e-mail (MASTER_EMAIL, or master@falkenhost.example in the demo)
 * @returns the credentials when it created the account, else null
 */
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
