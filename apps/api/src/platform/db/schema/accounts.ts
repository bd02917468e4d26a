/** The tables of accounts (pending username and e-mail changes), written only by apps/api/src/accounts. */
import type { Generated } from 'kysely';
import type { Millis } from './columns';

/** A requested e-mail or username change, applied by its mailed link; only the token's SHA-256 is kept. */
export interface AccountChangesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** null: the username stays */
  new_username: string | null;
  /** lowercased; null: the e-mail stays */
  new_email: string | null;
  /** the new e-mail, or the current one for a username-only change */
  sent_to: string;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}
