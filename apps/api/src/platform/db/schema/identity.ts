/** The tables of identity, written only by apps/api/src/identity (and billing/ledger.ts: credits). */
import type { Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { Flag, Millis } from './columns';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: string;
  /** balance in 1/10 000 credit, never below zero */
  credits: Generated<number>;
  email_verified: Generated<Flag>;
  two_factor_auth: Generated<Flag>;
  news_subscription: Generated<Flag>;
  active: Generated<Flag>;
  language: Generated<string>;
  referrer_id: number | null;
  /** bumped on role change, deactivation and password change: ends every session */
  token_version: Generated<number>;
  ptero_user_id: number | null;
  mollie_customer_id: string | null;
  /** IANA time zone of the customer's schedules (docs/decisions/062-schedules.md) */
  time_zone: Generated<string>;
  /** when the low-balance warning was mailed; cleared when the balance covers a day again */
  low_balance_warned_at: Millis | null;
  /** TOTP login is on (takes precedence over two_factor_auth) */
  totp_enabled: Generated<Flag>;
  created_at: Millis;
  updated_at: Millis;
  /** lower(username), generated (migration 0017): the staff search matches it with LIKE */
  username_lower: GeneratedAlways<string>;
  /** lower(email), generated (migration 0017) */
  email_lower: GeneratedAlways<string>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the opaque refresh token */
  token_hash: string;
  /** all rotations of one login share a family; reuse of a rotated token revokes the family */
  family: string;
  mfa_passed: Flag;
  expires_at: Millis;
  rotated_at: Millis | null;
  revoked_at: Millis | null;
  created_at: Millis;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  user_id: number;
  /** verify-email | 2fa | reset-password | update-user */
  purpose: string;
  code_hash: string;
  /** JSON text for purposes that carry data (the new e-mail of update-user) */
  payload: string | null;
  attempts: Generated<number>;
  expires_at: Millis;
  sent_at: Millis;
  used_at: Millis | null;
}

export interface UsedCaptchasTable {
  /** sha256 of the solved challenge's signature: a payload is accepted once */
  challenge_hash: string;
  expires_at: Millis;
}

/** A password reset request, by address (docs/decisions/026-password-reset.md). */
export interface PasswordResetsTable {
  id: Generated<number>;
  email: string;
  /** the account of that address, null when there is none (nothing is mailed) */
  user_id: number | null;
  /** sha256 of the mailed token; null when nothing was mailed */
  token_hash: string | null;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

/** TOTP set-up of a user; secrets are encrypted (identity/totp.ts). */
export interface UserTotpTable {
  user_id: number;
  /** the confirmed secret; null until the first code is entered */
  secret: string | null;
  pending_secret: string | null;
  pending_at: Millis | null;
  /** the last accepted 30-second time step (wall clock): a code is accepted once */
  last_step: number | null;
  /** wrong guesses in the window that began at `attempts_since` */
  attempts: Generated<number>;
  attempts_since: Generated<Millis>;
  enabled_at: Millis | null;
  updated_at: Millis;
}

/** One-time recovery codes of TOTP, as an HMAC keyed by CODE_SECRET. */
export interface TotpRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Millis | null;
  created_at: Millis;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
