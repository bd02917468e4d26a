/**
 * Username and e-mail change by mailed link (spec 4 "Account" and the e-mail change, 5, 8 "Settings";
 * issue 9). accounts owns `account_changes`; the change itself is written by identity.
 *
 * The change link is sent at once (its token is never written anywhere but the mail); the "e-mail
 * changed" notice goes through the outbox in the transaction that applies the change.
 */
import {
  ACCOUNT_CHANGE_RESEND_SECONDS,
  ACCOUNT_CHANGE_TTL_HOURS,
  type UpdateUserBody,
  type UpdateUserExecuteAnswer,
} from '@falkenhost/contracts/account';
import { REASONS } from '@falkenhost/contracts/errors';
import { email as emailField, USERNAME_PATTERN } from '@falkenhost/contracts/fields';
import type { Kysely, Transaction } from 'kysely';
import { newRefreshToken, sha256 } from '../identity/tokens';
import {
  accountMail,
  assertNameAndAddressFree,
  changeNameAndAddress,
  findUserById,
  sendNoticesNow,
} from '../identity/user-account';
import type { AppContext } from '../platform/context';
import type { Database, User } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import type { AccountMailKind } from '../platform/mail/templates';
import { queueMail } from '../platform/outbox';

/** A change link's token: 32 random bytes in base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CHANGE_TTL_MS = ACCOUNT_CHANGE_TTL_HOURS * 3_600_000;

/** Drops the user's change links not used yet (a new link replaces them; a deactivation ends them). */
export async function dropOpenAccountChanges(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<void> {
  await db.deleteFrom('account_changes').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/**
 * PUT me/update-user (spec 4: a change takes effect only after confirmation through a mailed link; spec 5:
 * at least one of username or e-mail, an empty one keeps the current value, the e-mail's format checked;
 * spec 8 reasons). Nothing about the account changes here: a link `${publicUrl}/update-user/<token>` is
 * mailed to the new address, or to the current one for a username-only change. A new link replaces any
 * earlier one that was not used; links may be asked for once per 120 s.
 * @returns the address the link went to
 * @throws AppError 400 empty-fields (nothing given or nothing different), 400 validation with
 *   `errors: [{ msg: 'username' }]` (not 3-32 letters, digits, underscores), 400 email_format, 400 username
 *   (taken), 400 email (taken), 429 too-soon
 */
export async function requestAccountChange(
  ctx: AppContext,
  user: User,
  body: UpdateUserBody,
): Promise<{ sentTo: string }> {
  const wantedUsername = (body.username ?? '').trim();
  const wantedEmail = (body.email ?? '').trim().toLowerCase();
  const newUsername = wantedUsername && wantedUsername !== user.username ? wantedUsername : null;
  const newEmail = wantedEmail && wantedEmail !== user.email ? wantedEmail : null;
  if (!newUsername && !newEmail) throw new AppError(400, REASONS.emptyFields);
  if (newUsername && !USERNAME_PATTERN.test(newUsername))
    throw new AppError(400, REASONS.validation, undefined, [{ msg: 'username', path: 'username' }]);
  if (newEmail && !emailField.safeParse(newEmail).success) throw new AppError(400, REASONS.emailFormat);
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
 * PUT me/update-user-execute (spec 2 `/update-user/{token}`): applies the change the link's token stands
 * for, once. Uniqueness is checked again; a new e-mail counts as verified (the link reached it) and the
 * old address is told. The token alone proves the request, so the link works in a browser where nobody
 * is logged in; when someone is, it must be the account the link belongs to.
 * @param callerId the logged-in user, or null
 * @throws AppError 400 invalid-token (malformed, unknown, used, expired, another account's, or the account
 *   deactivated), 400 username or 400 email (taken meanwhile; the link stays usable); nothing changes then
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
