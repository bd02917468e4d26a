/** Password reset by mailed link; no answer reveals an account (docs/decisions/026-password-reset.md). */
import { CODE_RESEND_SECONDS } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import { HOUR_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { renderAccountMail } from '../platform/mail/templates';
import { assertCaptcha, type CaptchaAnswer } from './captcha';
import { hashPassword } from './passwords';
import { newRefreshToken, sha256 } from './tokens';
import { replacePassword, sendNoticesNow } from './user-account';

export const RESET_TTL_MS = HOUR_MS;
export const RESET_RESEND_MS = CODE_RESEND_SECONDS * 1000;

/** POST reset-password: records the request, mails an active account a link. @throws AppError 400 captcha */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  captcha: CaptchaAnswer,
): Promise<void> {
  await assertCaptcha(ctx.captcha, captcha);
  const address = email.trim().toLowerCase();
  const last = await lastRequest(ctx, address);
  if (last && ctx.now() - last.created_at < RESET_RESEND_MS) return;
  await issueReset(ctx, address);
}

/** POST resend-reset-password: a new link. @throws AppError 400 captcha, 404 no-token, 400 too-soon */
export async function resendPasswordReset(
  ctx: AppContext,
  email: string,
  captcha: CaptchaAnswer,
): Promise<void> {
  await assertCaptcha(ctx.captcha, captcha);
  const address = email.trim().toLowerCase();
  const last = await lastRequest(ctx, address);
  const t = ctx.now();
  if (!last || last.used_at !== null || last.expires_at <= t) throw new AppError(404, REASONS.noToken);
  if (t - last.created_at < RESET_RESEND_MS) throw new AppError(400, REASONS.tooSoon);
  await issueReset(ctx, address);
}

async function lastRequest(ctx: AppContext, address: string) {
  return ctx.db
    .selectFrom('password_resets')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('email', '=', address)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function issueReset(ctx: AppContext, address: string): Promise<void> {
  const t = ctx.now();
  const user = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', address)
    .where('active', '=', 1)
    .executeTakeFirst();
  const { token, hash } = newRefreshToken();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_resets').where('expires_at', '<=', t).execute();
    await trx
      .updateTable('password_resets')
      .set({ used_at: t })
      .where('email', '=', address)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_resets')
      .values({
        email: address,
        user_id: user?.id ?? null,
        token_hash: user ? hash : null,
        expires_at: t + RESET_TTL_MS,
        used_at: null,
        created_at: t,
      })
      .execute();
  });
  if (!user) return;
  const mail = renderAccountMail(
    'passwordReset',
    user.language,
    { username: user.username, firstName: user.first_name, support: ctx.config.supplier.email },
    `${ctx.config.publicUrl}/reset-password/${token}`,
  );
  // Not awaited: an account's answer must not take longer than no account's.
  ctx.mailer
    .send({ to: user.email, ...mail })
    .catch((error) => ctx.log.error({ err: error, userId: user.id }, 'the password reset mail failed'));
}

async function openReset(ctx: AppContext, token: string) {
  return ctx.db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id'])
    .where('r.token_hash', '=', sha256(token))
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', ctx.now())
    .where('u.active', '=', 1)
    .executeTakeFirst();
}

/** POST verify-reset-password: whether the link can still be used. @throws AppError 400 invalid-token */
export async function verifyPasswordReset(ctx: AppContext, token: string): Promise<void> {
  if (!(await openReset(ctx, token))) throw new AppError(400, REASONS.invalidToken);
}

/**
 * POST update-password: spends the link once, sets the password, ends every session and queues the notice.
 * @throws AppError 400 captcha, 400 invalid-token (nothing changed)
 */
export async function completePasswordReset(
  ctx: AppContext,
  token: string,
  password: string,
  captcha: CaptchaAnswer,
): Promise<void> {
  await assertCaptcha(ctx.captcha, captcha);
  const open = await openReset(ctx, token);
  if (!open?.user_id) throw new AppError(400, REASONS.invalidToken);
  const userId = open.user_id;
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const t = ctx.now();
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: t })
      .where('id', '=', open.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new AppError(400, REASONS.invalidToken);
    await replacePassword(ctx, trx, userId, passwordHash, t);
  });
  await sendNoticesNow(ctx);
}
