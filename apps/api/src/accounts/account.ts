/**
 * The customer's own account (spec 2 "Settings", 3 "User (me)", 4 "Account" and the e-mail change, 5, 7
 * "Settings", 8 "Settings"; issue 9): profile, newsletter and 2FA flags, password change, e-mail and
 * username change by mailed link, deactivation, and the data export (GDPR art. 15 and 20).
 *
 * Mail: the change link is sent at once (its token is never written anywhere but the mail); the notices
 * (password changed, e-mail changed, deactivated) go through the outbox in the transaction that decides
 * them and are sent right after it.
 */
import {
  ACCOUNT_CHANGE_RESEND_SECONDS,
  ACCOUNT_CHANGE_TTL_HOURS,
  type AccountProfile,
  type UpdatePasswordBody,
  type UpdateUserBody,
  type UpdateUserExecuteAnswer,
} from '@falkenhost/contracts/account';
import { REASONS } from '@falkenhost/contracts/errors';
import { email as emailField, USERNAME_PATTERN } from '@falkenhost/contracts/fields';
import { centsToEur, unitsToCredits } from '@falkenhost/contracts/money';
import { type Kysely, sql, type Transaction } from 'kysely';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { roleOf } from '../identity/roles';
import { newRefreshToken, sha256 } from '../identity/tokens';
import { cancelMonthly } from '../orders/server-cancellation';
import type { AppContext } from '../platform/context';
import type { Database, User } from '../platform/db/schema';
import { AppError, isUniqueViolation } from '../platform/errors';
import { type AccountMailKind, renderAccountMail } from '../platform/mail/templates';
import { queueMail, sendQueuedMail } from '../platform/outbox';
import { cancelServer } from '../servers/lifecycle';

type Db = Kysely<Database> | Transaction<Database>;

/** A change link's token: 32 random bytes in base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CHANGE_TTL_MS = ACCOUNT_CHANGE_TTL_HOURS * 3_600_000;

/** GET me (spec 3 "User (me)"): `created_at` as ISO 8601, flags as booleans. */
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

async function reload(db: Db, userId: number): Promise<User> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

/** Sends the outbox now so a notice leaves with the answer; a failure is retried by the mail job. */
async function kickOutbox(ctx: AppContext): Promise<void> {
  await sendQueuedMail(ctx).catch((error) => ctx.log.warn({ err: error }, 'sending queued mail failed'));
}

/**
 * PUT me/newsletter and PUT me/2fa: sets one of the account's flags (spec 2 "Settings"). The 2FA flag is
 * the mailed-code 2FA the login honours (spec 4: with two_factor_auth set a login goes to /email/2fa).
 * @returns the profile after the change
 */
export async function setAccountFlag(
  ctx: AppContext,
  userId: number,
  flag: 'news_subscription' | 'two_factor_auth',
  on: boolean,
): Promise<AccountProfile> {
  await ctx.db
    .updateTable('users')
    .set({ [flag]: on ? 1 : 0, updated_at: ctx.now() })
    .where('id', '=', userId)
    .execute();
  return profileOf(await reload(ctx.db, userId));
}

/**
 * PUT me/update-password (spec 5: new password at least 6 characters, checked by the body's schema; spec
 * 8: 401 for a wrong current password). Every session of the account ends (token version bumped,
 * refresh tokens revoked); the route then starts a fresh session for the caller, so only the other logins
 * end. The old address is told (outbox).
 * @returns the user after the change (with the new token version)
 * @throws AppError 401 invalid-password when `password` is not the current password
 */
export async function changePassword(ctx: AppContext, user: User, body: UpdatePasswordBody): Promise<User> {
  if (!(await verifyPassword(user.password_hash, body.password)))
    throw new AppError(401, REASONS.invalidPassword);
  const passwordHash = await hashPassword(body.newPassword);
  const t = ctx.now();
  const updated = await ctx.db
    .transaction()
    .execute((trx) => replacePassword(ctx, trx, user.id, passwordHash, t));
  await kickOutbox(ctx);
  return updated;
}

/**
 * Inside `trx`: sets a new password hash and ends every session of the account (token version bumped,
 * refresh tokens revoked), and queues the "password changed" notice to its address. Shared by the
 * password change in settings and the reset by mailed link.
 * @param passwordHash argon2id hash of the new password
 * @returns the user after the change
 */
export async function replacePassword(
  ctx: AppContext,
  trx: Transaction<Database>,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<User> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
  await revokeSessions(trx, userId, now);
  const after = await reload(trx, userId);
  await queueMail(trx, after.email, accountMail(ctx, 'passwordChanged', after), now);
  return after;
}

/** Revokes every refresh token of a user: no session of theirs can be refreshed or used again. */
export async function revokeSessions(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

function accountMail(
  ctx: AppContext,
  kind: AccountMailKind,
  user: Pick<User, 'username' | 'language'>,
  values: Record<string, string> = {},
  link?: string,
) {
  return renderAccountMail(
    kind,
    user.language,
    { username: user.username, support: ctx.config.supplier.email, ...values },
    link,
  );
}

/**
 * PUT me/deactivate (spec 2 "Settings", 4 "Account": irreversible for the customer, reactivation by
 * support). The account is marked inactive, the newsletter turned off, every session ended and unused
 * change links dropped, in one transaction with the notice mail; then its servers stop costing money:
 * hourly servers are deleted as the customer's own delete does (billing stops at once, the hour already
 * paid is not refunded), monthly subscriptions are cancelled and those servers run to the end of the paid
 * period (docs/decisions.md "Accounts"). Orders, the credit ledger and invoices are kept (accounting law).
 * @throws AppError 403 forbidden for the master role (a store must keep a master; another master or
 *   support deactivates one)
 */
export async function deactivateAccount(ctx: AppContext, user: User): Promise<void> {
  if (roleOf(user) === 'master') throw new AppError(403, REASONS.forbidden);
  const t = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({
        active: 0,
        news_subscription: 0,
        token_version: eb('token_version', '+', 1),
        updated_at: t,
      }))
      .where('id', '=', user.id)
      .execute();
    await revokeSessions(trx, user.id, t);
    await trx
      .deleteFrom('account_changes')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await queueMail(trx, user.email, accountMail(ctx, 'deactivated', user), t);
  });
  const servers = await ctx.db
    .selectFrom('user_packages')
    .select(['id', 'billing_type', 'status', 'cancelled_at'])
    .where('user_id', '=', user.id)
    .where('status', 'in', ['paid', 'suspended'])
    .execute();
  for (const server of servers) {
    try {
      if (server.billing_type === 'hourly') await cancelServer(ctx, user, server.id);
      else if (server.status === 'paid' && server.cancelled_at === null)
        await cancelMonthly(ctx, user, server.id);
    } catch (error) {
      // A server in the middle of a change (409 busy) or gone meanwhile: logged for the staff.
      ctx.log.error(
        { err: error, userPackageId: server.id },
        'ending a server of a deactivated account failed',
      );
    }
  }
  await kickOutbox(ctx);
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
  await assertAvailable(ctx.db, user.id, newUsername, newEmail);

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
    await trx
      .deleteFrom('account_changes')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
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
 * @throws AppError 400 username or 400 email when another account has the name (any case) or address
 */
async function assertAvailable(
  db: Db,
  userId: number,
  username: string | null,
  email: string | null,
): Promise<void> {
  if (username) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) throw new AppError(400, REASONS.username);
  }
  if (email) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) throw new AppError(400, REASONS.email);
  }
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
    const user = await reload(trx, change.user_id);
    if (user.active !== 1) throw new AppError(400, REASONS.invalidToken);
    // Spent first, in a conditional update: of two clicks at once only one applies the change.
    const spent = await trx
      .updateTable('account_changes')
      .set({ used_at: t })
      .where('id', '=', change.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new AppError(400, REASONS.invalidToken);
    await assertAvailable(trx, user.id, change.new_username, change.new_email);
    try {
      await trx
        .updateTable('users')
        .set({
          ...(change.new_username ? { username: change.new_username } : {}),
          ...(change.new_email ? { email: change.new_email, email_verified: 1 } : {}),
          updated_at: t,
        })
        .where('id', '=', user.id)
        .execute();
    } catch (error) {
      // Taken between the check and the update by a registration or another change: the index decides.
      if (isUniqueViolation(error))
        throw new AppError(400, change.new_email ? REASONS.email : REASONS.username);
      throw error;
    }
    const after = await reload(trx, user.id);
    if (change.new_email)
      await queueMail(trx, user.email, accountMail(ctx, 'emailChanged', after, { email: after.email }), t);
    return {
      username: after.username,
      email: after.email,
      usernameChanged: change.new_username !== null,
      emailChanged: change.new_email !== null,
    };
  });
  if (answer.emailChanged) await kickOutbox(ctx);
  return answer;
}

/** What GET me/export answers: everything the product holds about the customer (GDPR art. 15, 20). */
export interface AccountExport {
  format: 'falkenhost-account-export';
  version: 1;
  exported_at: string;
  profile: Record<string, unknown>;
  servers: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  credit_ledger: Record<string, unknown>[];
  invoices: Record<string, unknown>[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * GET me/export: the customer's data as one JSON document (GDPR art. 15 access and art. 20 portability):
 * profile, servers (with add-ons and schedules), orders (with their billing address), the credit ledger
 * and the invoices' metadata with their PDF address. Only this user's rows; no secrets (password hash,
 * tokens) and no internal ids of other people.
 * Times are ISO 8601, credits in credits (not units), money in euro.
 */
export async function exportAccount(ctx: AppContext, userId: number): Promise<AccountExport> {
  const { db } = ctx;
  const user = await reload(db, userId);
  const referrer = user.referrer_id
    ? await db.selectFrom('users').select('username').where('id', '=', user.referrer_id).executeTakeFirst()
    : undefined;
  const servers = await db
    .selectFrom('user_packages as up')
    .innerJoin('packages as p', 'p.id', 'up.package_id')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select([
      'up.id',
      'up.name',
      'p.name as package',
      'g.name as game',
      'up.billing_type',
      'up.status',
      'up.location_id',
      'up.credits_monthly',
      'up.monthly_amount_cents',
      'up.paid_until',
      'up.cancelled_at',
      'up.suspended_at',
      'up.created_at',
      'up.deleted_at',
    ])
    .where('up.user_id', '=', userId)
    .orderBy('up.id')
    .execute();
  const serverIds = servers.map((s) => s.id);
  const addons = serverIds.length
    ? await db
        .selectFrom('user_package_addons as upa')
        .innerJoin('addons as a', 'a.id', 'upa.addon_id')
        .select([
          'upa.user_package_id',
          'a.name',
          'a.type',
          'a.quantity',
          'upa.credits_monthly',
          'upa.created_at',
        ])
        .where('upa.user_package_id', 'in', serverIds)
        .execute()
    : [];
  const schedules = serverIds.length
    ? await db
        .selectFrom('schedules')
        .select(['user_package_id', 'day_of_week', 'active_hours'])
        .where('user_package_id', 'in', serverIds)
        .orderBy('day_of_week')
        .execute()
    : [];
  const orders = await db
    .selectFrom('orders')
    .select([
      'public_id',
      'kind',
      'status',
      'credits_amount',
      'amount_cents',
      'fee_cents',
      'discount_bp',
      'payment_method',
      'user_package_id',
      'details',
      'created_at',
      'completed_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const ledger = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount', 'balance_after', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'kind', 'total_cents', 'description', 'issued_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

  return {
    format: 'falkenhost-account-export',
    version: 1,
    exported_at: new Date(ctx.now()).toISOString(),
    profile: {
      username: user.username,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      role: roleOf(user),
      language: user.language,
      time_zone: user.time_zone,
      email_verified: user.email_verified === 1,
      two_factor_auth: user.two_factor_auth === 1,
      news_subscription: user.news_subscription === 1,
      credits: unitsToCredits(Number(user.credits)),
      referrer: referrer?.username ?? null,
      created_at: iso(user.created_at),
      updated_at: iso(user.updated_at),
    },
    servers: servers.map((s) => ({
      id: s.id,
      name: s.name,
      game: s.game,
      package: s.package,
      billing_type: s.billing_type,
      status: s.status,
      location_id: s.location_id,
      credits_monthly: unitsToCredits(Number(s.credits_monthly)),
      monthly_eur: s.monthly_amount_cents === null ? null : centsToEur(Number(s.monthly_amount_cents)),
      paid_until: iso(s.paid_until),
      cancelled_at: iso(s.cancelled_at),
      suspended_at: iso(s.suspended_at),
      created_at: iso(s.created_at),
      deleted_at: iso(s.deleted_at),
      addons: addons
        .filter((a) => a.user_package_id === s.id)
        .map((a) => ({
          name: a.name,
          type: a.type,
          quantity: a.quantity,
          credits_monthly: unitsToCredits(Number(a.credits_monthly)),
          created_at: iso(a.created_at),
        })),
      schedules: schedules
        .filter((x) => x.user_package_id === s.id)
        .map((x) => ({ day_of_week: x.day_of_week, active_hours: JSON.parse(x.active_hours) as number[] })),
    })),
    orders: orders.map((o) => {
      const details = parseJson(o.details);
      return {
        id: o.public_id,
        kind: o.kind,
        status: o.status,
        credits: unitsToCredits(Number(o.credits_amount)),
        amount_eur: centsToEur(Number(o.amount_cents)),
        fee_eur: centsToEur(Number(o.fee_cents)),
        discount_percent: Number(o.discount_bp) / 100,
        payment_method: o.payment_method,
        server_id: o.user_package_id,
        server_name: details.serverName ?? null,
        billing_address: details.billingAddress ?? null,
        created_at: iso(o.created_at),
        completed_at: iso(o.completed_at),
      };
    }),
    credit_ledger: ledger.map((r) => ({
      created_at: iso(r.created_at),
      kind: r.kind,
      amount: unitsToCredits(Number(r.amount)),
      balance_after: unitsToCredits(Number(r.balance_after)),
    })),
    invoices: invoices.map((i) => ({
      number: i.number,
      kind: i.kind,
      issued_at: iso(i.issued_at),
      total_eur: centsToEur(Number(i.total_cents)),
      description: i.description,
      pdf_url: `/api/private/billing/invoices/${i.id}/pdf`,
    })),
  };
}
