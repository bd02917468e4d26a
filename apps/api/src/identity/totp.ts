/** Two-factor login by authenticator app, with recovery codes (docs/decisions/027-totp.md). */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { CODE_ALPHABET, RECOVERY_CODE_LENGTH } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import {
  RECOVERY_CODE_COUNT,
  TOTP_PENDING_MINUTES,
  type TotpSetupAnswer,
  type TotpState,
} from '@falkenhost/contracts/totp';
import type { Kysely, Transaction } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { MINUTE_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import type { Database, User } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { verifyPassword } from './passwords';

type Db = Kysely<Database> | Transaction<Database>;

const ISSUER = 'Falkenhost';
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
const MAX_ATTEMPTS = 5;
const ATTEMPT_WINDOW_MS = 5 * MINUTE_MS;
const KEY_INFO = 'falkenhost/totp-secret/v1';

/** The wall clock: an authenticator app cannot follow the demo clock. */
const wallClock = (): number => Date.now();

function keyOf(codeSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', codeSecret, Buffer.alloc(0), KEY_INFO, 32));
}

/** Encrypts a base32 TOTP secret as `v1.<iv>.<tag>.<ciphertext>`, bound to the user (decision 027). */
export function encryptSecret(codeSecret: string, userId: number, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(codeSecret), iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** @returns the base32 secret. @throws Error when not made by encryptSecret for this user and key */
export function decryptSecret(codeSecret: string, userId: number, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(codeSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`user:${userId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** decryptSecret for a check: a secret that cannot be read (CODE_SECRET changed) matches no code. */
function readableSecret(ctx: AppContext, userId: number, stored: string): string {
  try {
    return decryptSecret(ctx.config.codeSecret, userId, stored);
  } catch (error) {
    ctx.log.error({ err: error, userId }, 'TOTP secret cannot be decrypted (CODE_SECRET changed?)');
    throw new AppError(400, REASONS.invalidCode);
  }
}

function totpOf(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The time step a code belongs to, within one step of now, or null. @param nowMs wall-clock ms */
function matchStep(base32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32, 'check').validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

function recoveryHash(codeSecret: string, userId: number, code: string): string {
  return createHmac('sha256', codeSecret).update(`${userId}:totp-recovery:${code}`).digest('hex');
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Replaces the user's recovery codes with new ones; @returns them as shown, once. */
async function replaceRecoveryCodes(
  db: Db,
  codeSecret: string,
  userId: number,
  nowMs: number,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('totp_recovery_codes')
    .values(
      codes.map((code) => ({
        user_id: userId,
        code_hash: recoveryHash(codeSecret, userId, code.replace('-', '')),
        used_at: null,
        created_at: nowMs,
      })),
    )
    .execute();
  return codes;
}

/** GET /api/private/users/me/totp: whether TOTP is on and the recovery codes left. */
export async function totpStateOf(ctx: AppContext, user: User): Promise<TotpState> {
  if (user.totp_enabled !== 1) return { enabled: false, recoveryCodesLeft: 0 };
  const row = await ctx.db
    .selectFrom('totp_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return { enabled: true, recoveryCodesLeft: Number(row?.n ?? 0) };
}

/**
 * POST setup: checks the password and stores a new pending secret.
 * @returns the otpauth:// URI, its QR code as a PNG data URL and the base32 secret
 * @throws AppError 401 invalid-password, 409 totp-enabled
 */
export async function startTotpSetup(
  ctx: AppContext,
  user: User,
  password: string,
): Promise<TotpSetupAnswer> {
  if (!(await verifyPassword(user.password_hash, password))) throw new AppError(401, REASONS.invalidPassword);
  if (user.totp_enabled === 1) throw new AppError(409, REASONS.totpEnabled);
  const secret = new Secret({ size: 20 }).base32;
  const stored = encryptSecret(ctx.config.codeSecret, user.id, secret);
  const t = wallClock();
  await ctx.db
    .insertInto('user_totp')
    .values({
      user_id: user.id,
      secret: null,
      pending_secret: stored,
      pending_at: t,
      last_step: null,
      enabled_at: null,
      updated_at: t,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        secret: null,
        pending_secret: stored,
        pending_at: t,
        last_step: null,
        enabled_at: null,
        updated_at: t,
      }),
    )
    .execute();
  const uri = totpOf(secret, user.username).toString();
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { uri, qr, secret };
}

/**
 * POST enable: a code of the pending secret turns TOTP on. @returns new recovery codes, shown once
 * @throws AppError 409 totp-enabled; 400 invalid-code
 */
export async function enableTotp(ctx: AppContext, user: User, code: string): Promise<string[]> {
  if (user.totp_enabled === 1) throw new AppError(409, REASONS.totpEnabled);
  const t = wallClock();
  const row = await ctx.db
    .selectFrom('user_totp')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (
    !row?.pending_secret ||
    row.pending_at === null ||
    t - row.pending_at > TOTP_PENDING_MINUTES * MINUTE_MS
  )
    throw new AppError(400, REASONS.invalidCode);
  const step = matchStep(readableSecret(ctx, user.id, row.pending_secret), code, t);
  if (step === null) throw new AppError(400, REASONS.invalidCode);
  return ctx.db.transaction().execute(async (trx) => {
    // Conditional on the same pending secret: two enables at once turn it on once.
    const done = await trx
      .updateTable('user_totp')
      .set({
        secret: row.pending_secret,
        pending_secret: null,
        pending_at: null,
        last_step: step,
        attempts: 0,
        enabled_at: t,
        updated_at: t,
      })
      .where('user_id', '=', user.id)
      .where('pending_secret', '=', row.pending_secret)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new AppError(400, REASONS.invalidCode);
    await trx
      .updateTable('users')
      .set({ totp_enabled: 1, updated_at: ctx.now() })
      .where('id', '=', user.id)
      .execute();
    return replaceRecoveryCodes(trx, ctx.config.codeSecret, user.id, t);
  });
}

/** Takes one guess of the user's allowance before a code is compared. @throws AppError 429 rate-limited */
async function takeAttempt(db: Db, userId: number, nowMs: number): Promise<void> {
  await db
    .updateTable('user_totp')
    .set({ attempts: 0, attempts_since: nowMs })
    .where('user_id', '=', userId)
    .where('attempts_since', '<=', nowMs - ATTEMPT_WINDOW_MS)
    .execute();
  const took = await db
    .updateTable('user_totp')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('attempts', '<', MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(took.numUpdatedRows) !== 1) throw new AppError(429, REASONS.rateLimited);
}

/**
 * Checks a second factor of a user with TOTP on: an app code or an unused recovery code (spent here).
 * @param code upper case, without spaces and hyphens
 * @throws AppError 400 invalid-code (or TOTP off), 429 rate-limited
 */
export async function verifySecondFactor(
  ctx: AppContext,
  user: User,
  code: string,
): Promise<'totp' | 'recovery'> {
  const t = wallClock();
  const row = await ctx.db
    .selectFrom('user_totp')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (user.totp_enabled !== 1 || !row?.secret) throw new AppError(400, REASONS.invalidCode);
  await takeAttempt(ctx.db, user.id, t);
  const step = matchStep(readableSecret(ctx, user.id, row.secret), code, t);
  if (step !== null) {
    const used = await ctx.db
      .updateTable('user_totp')
      .set({ last_step: step, attempts: 0, updated_at: t })
      .where('user_id', '=', user.id)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 1) return 'totp';
    throw new AppError(400, REASONS.invalidCode);
  }
  if (code.length === RECOVERY_CODE_LENGTH) {
    const spent = await ctx.db
      .updateTable('totp_recovery_codes')
      .set({ used_at: t })
      .where('user_id', '=', user.id)
      .where('code_hash', '=', recoveryHash(ctx.config.codeSecret, user.id, code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 1) {
      await ctx.db
        .updateTable('user_totp')
        .set({ attempts: 0, updated_at: t })
        .where('user_id', '=', user.id)
        .execute();
      return 'recovery';
    }
  }
  throw new AppError(400, REASONS.invalidCode);
}

/** POST disable: with an app or recovery code, turns TOTP off. @throws AppError 409 totp-disabled */
export async function disableTotp(ctx: AppContext, user: User, code: string): Promise<void> {
  if (user.totp_enabled !== 1) throw new AppError(409, REASONS.totpDisabled);
  await verifySecondFactor(ctx, user, code);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_enabled: 0, updated_at: ctx.now() })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('user_totp').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', user.id).execute();
  });
}

/** POST recovery-codes: replaces every recovery code. @returns them, shown once. @throws as disableTotp */
export async function regenerateRecoveryCodes(ctx: AppContext, user: User, code: string): Promise<string[]> {
  if (user.totp_enabled !== 1) throw new AppError(409, REASONS.totpDisabled);
  await verifySecondFactor(ctx, user, code);
  return ctx.db
    .transaction()
    .execute((trx) => replaceRecoveryCodes(trx, ctx.config.codeSecret, user.id, wallClock()));
}
