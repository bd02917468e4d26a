/** Username and e-mail change by mailed link (docs/decisions/079-account-change-by-link.md). */
import {
  ACCOUNT_CHANGE_RESEND_SECONDS,
  ACCOUNT_CHANGE_TTL_HOURS,
  accountChange,
  type UpdateUserBody,
  type UpdateUserExecuteAnswer,
} from '@falkenhost/contracts/account';
import { REASONS } from '@falkenhost/contracts/errors';
import type { Kysely, Transaction } from 'kysely';
import { newRefreshToken, sha256 } from '../identity/tokens';
import {
  accountMail,
  assertNameAndAddressFree,
  changeNameAndAddress,
  findUserById,
  sendNoticesNow,
} from '../identity/user-account';
import { HOUR_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import type { Database, User } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import type { AccountMailKind } from '../platform/mail/templates';
import { queueMail } from '../platform/outbox';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CHANGE_TTL_MS = ACCOUNT_CHANGE_TTL_HOURS * HOUR_MS;

/** Drops the user's change links not used yet (a new link replaces them; a deactivation ends them). */
export async function dropOpenAccountChanges(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<void> {
  await db.deleteFrom('account_changes').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/**
 * PUT me/update-user (product.md "States and transitions", "Validation rules", "Error catalogue"): mails a
 * change link to the new address (the current one for a username-only change); nothing about the account
 * changes here (record 079).
 * @returns the address the link went to
 * @throws AppError 400 empty-fields, 400 validation (username rule), 400 email_format, 400 username / email
 *   (taken), 429 too-soon
 */
export async function requestAccountChange(
  ctx: AppContext,
  user: User,
  body: UpdateUserBody,
): Promise<{ sentTo: string }> {
  const parsed = accountChange(user).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === 'username')
      throw new AppError(400, REASONS.validation, undefined, [{ msg: 'username', path: 'username' }]);
    throw new AppError(400, issue?.path[0] === 'email' ? REASONS.emailFormat : REASONS.emptyFields);
  }
  const { username: newUsername, email: newEmail } = parsed.data;
  await assertNameAndAddressFree(ctx.db, user.id, newUsername, newEmail);

  const t = ctx.now();
  const last = await ctx.db
    .selectFrom('account_changes')
    .select('created_at')
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (last && t - last.created_at < ACCOUNT_CHANGE_RESEND_SECONDS * 1000)
    throw new AppError(429, REASONS.tooSoon);

  const { token, hash } = newRefreshToken();
  const sentTo = newEmail ?? user.email;
  const row = await ctx.db.transaction().execute(async (trx) => {
    await dropOpenAccountChanges(trx, user.id);
    return trx
      .insertInto('account_changes')
      .values({
        user_id: user.id,
        token_hash: hash,
        new_username: newUsername,
        new_email: newEmail,
        sent_to: sentTo,
        expires_at: t + CHANGE_TTL_MS,
        used_at: null,
        created_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  const kind: AccountMailKind = newEmail ? (newUsername ? 'changeBoth' : 'changeEmail') : 'changeUsername';
  const link = `${ctx.config.publicUrl}/update-user/${token}`;
  try {
    await ctx.mailer.send({
      to: sentTo,
      ...accountMail(ctx, kind, user, { email: newEmail ?? '', newUsername: newUsername ?? '' }, link),
    });
  } catch (error) {
    // No mail, no link: the customer may ask again at once.
    await ctx.db.deleteFrom('account_changes').where('id', '=', row.id).execute();
    throw error;
  }
  return { sentTo };
}

/**
 * PUT me/update-user-execute (product.md "Screens and routes" `/update-user/{token}`): applies the change the
 * token stands for, once; the token alone proves the request (record 079).
 * @param callerId the logged-in user, or null
 * @throws AppError 400 invalid-token, 400 username / email (taken meanwhile; the link stays usable)
 */
export async function executeAccountChange(
  ctx: AppContext,
  token: string,
  callerId: number | null,
): Promise<UpdateUserExecuteAnswer> {
  if (!TOKEN_PATTERN.test(token)) throw new AppError(400, REASONS.invalidToken);
  const t = ctx.now();
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const change = await trx
      .selectFrom('account_changes')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (
      !change ||
      change.used_at !== null ||
      change.expires_at <= t ||
      (callerId !== null && change.user_id !== callerId)
    )
      throw new AppError(400, REASONS.invalidToken);
    const user = await findUserById(trx, change.user_id);
    if (user.active !== 1) throw new AppError(400, REASONS.invalidToken);
    // Spent first, in a conditional update: of two clicks at once only one applies the change.
    const spent = await trx
      .updateTable('account_changes')
      .set({ used_at: t })
      .where('id', '=', change.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new AppError(400, REASONS.invalidToken);
    await assertNameAndAddressFree(trx, user.id, change.new_username, change.new_email);
    await changeNameAndAddress(
      trx,
      user.id,
      { newUsername: change.new_username, newEmail: change.new_email },
      t,
    );
    const after = await findUserById(trx, user.id);
    if (change.new_email)
      await queueMail(trx, user.email, accountMail(ctx, 'emailChanged', after, { email: after.email }), t);
    return {
      username: after.username,
      email: after.email,
      usernameChanged: change.new_username !== null,
      emailChanged: change.new_email !== null,
    };
  });
  if (answer.emailChanged) await sendNoticesNow(ctx);
  return answer;
}
