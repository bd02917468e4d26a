/** Mailed codes for e-mail verification and 2FA, stored as HMAC (docs/decisions/022-mailed-codes.md). */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
} from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import type { Kysely } from 'kysely';
import type { AppContext } from '../platform/context';
import type { Database, User } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { renderCodeMail } from '../platform/mail/templates';

export type CodePurpose = 'verify-email' | '2fa';

export function generateCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function codeHash(secret: string, userId: number, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${purpose}:${code.toUpperCase()}`).digest('hex');
}

/**
 * Issues a new code, replacing any earlier one of the same purpose; `force` skips the resend wait.
 * @returns the code to mail
 * @throws AppError 429 too-soon within the resend wait unless `force`
 */
export async function issueCode(
  db: Kysely<Database>,
  secret: string,
  userId: number,
  purpose: CodePurpose,
  nowMs: number,
  force = false,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('verification_codes')
      .select('sent_at')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .orderBy('sent_at', 'desc')
      .executeTakeFirst();
    if (!force && last && nowMs - last.sent_at < CODE_RESEND_SECONDS * 1000) {
      throw new AppError(429, REASONS.tooSoon);
    }
    await trx
      .deleteFrom('verification_codes')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .execute();
    const code = generateCode();
    await trx
      .insertInto('verification_codes')
      .values({
        user_id: userId,
        purpose,
        code_hash: codeHash(secret, userId, purpose, code),
        payload: null,
        expires_at: nowMs + CODE_TTL_SECONDS * 1000,
        sent_at: nowMs,
        used_at: null,
      })
      .execute();
    return code;
  });
}

/**
 * Checks a code and spends it on success; every guess counts (docs/decisions/022-mailed-codes.md).
 * @throws AppError 400 invalid-code when the code is wrong, used, expired or out of guesses
 */
export async function consumeCode(
  db: Kysely<Database>,
  secret: string,
  userId: number,
  purpose: CodePurpose,
  code: string,
  nowMs: number,
): Promise<void> {
  const row = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('sent_at', 'desc')
    .executeTakeFirst();
  if (!row || row.expires_at <= nowMs || row.attempts >= CODE_MAX_ATTEMPTS) {
    throw new AppError(400, REASONS.invalidCode);
  }
  // The attempt is taken before comparing, in one conditional update, so parallel guesses cannot share it.
  const took = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(took.numUpdatedRows) !== 1) throw new AppError(400, REASONS.invalidCode);
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(secret, userId, purpose, code), 'hex');
  if (!timingSafeEqual(expected, given)) throw new AppError(400, REASONS.invalidCode);
  // Conditional update: of two concurrent correct submissions only one spends the code.
  const spent = await db
    .updateTable('verification_codes')
    .set({ used_at: nowMs })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new AppError(400, REASONS.invalidCode);
}

/** Issues a code and mails it in the user's language. @throws as issueCode; the mailer's error */
export async function mailCode(
  ctx: AppContext,
  user: Pick<User, 'id' | 'email' | 'username' | 'first_name' | 'language'>,
  purpose: CodePurpose,
  force: boolean,
): Promise<void> {
  const code = await issueCode(ctx.db, ctx.config.codeSecret, user.id, purpose, ctx.now(), force);
  const mail = renderCodeMail(purpose === '2fa' ? 'twoFactor' : 'verifyEmail', user.language, {
    username: user.username,
    firstName: user.first_name,
    code,
  });
  await ctx.mailer.send({ to: user.email, ...mail });
}
