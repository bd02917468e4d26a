/** The password change in settings (docs/decisions/080-password-change.md); the reset is identity's. */
import type { UpdatePasswordBody } from '@falkenhost/contracts/account';
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyReply } from 'fastify';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { sessionCookieOptions, startSession } from '../identity/sessions';
import { replacePassword, sendNoticesNow } from '../identity/user-account';
import type { AppContext } from '../platform/context';
import type { User } from '../platform/db/schema';
import { AppError } from '../platform/errors';

/**
 * PUT me/update-password (product.md "Validation rules", "Error catalogue"): ends every other session; the
 * caller gets a fresh one (record 080).
 * @param reply gets the new session's cookies
 * @throws AppError 401 invalid-password when `password` is not the current password
 */
export async function changePassword(
  ctx: AppContext,
  reply: FastifyReply,
  user: User,
  body: UpdatePasswordBody,
): Promise<void> {
  if (!(await verifyPassword(user.password_hash, body.password)))
    throw new AppError(401, REASONS.invalidPassword);
  const passwordHash = await hashPassword(body.newPassword);
  const t = ctx.now();
  const updated = await ctx.db
    .transaction()
    .execute((trx) => replacePassword(ctx, trx, user.id, passwordHash, t));
  await sendNoticesNow(ctx);
  await startSession(ctx.db, reply, updated, true, sessionCookieOptions(ctx));
}
