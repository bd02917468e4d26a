/**
 * The tables of the platform (rate limits, the mail outbox, the staff audit log, the staff webhook's outbox),
 * written only by apps/api/src/platform.
 */
import type { Generated } from 'kysely';
import type { Millis } from './columns';

/** One rate-limit window: `count` requests under `key` until `reset_at`. */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Millis;
}

/**
 * A queued mail: rendered (`subject`, `text`, `html`), or by `template` with `language` and
 * `template_values` and rendered when sent (decision 313; then the three rendered columns are empty).
 */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  attempts: Generated<number>;
  next_attempt_at: Millis;
  last_error: string | null;
  created_at: Millis;
  sent_at: Millis | null;
  /** the receipt carries this invoice's PDF */
  invoice_id: number | null;
  /** a notice kind of platform/mail/templates.ts (migration 0016) */
  template: string | null;
  /** the customer's language, one of LANGUAGES */
  language: string | null;
  /** the template's placeholders as a JSON object of strings */
  template_values: string | null;
}

/** One staff change (platform/audit.ts). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  /** create | update | delete | role | activate | deactivate */
  action: string;
  /** game | package | addon | discount | user */
  entity: string;
  entity_id: number;
  before: string | null;
  after: string | null;
  created_at: Millis;
}

/** One message for the staff webhook (platform/staff-webhook.ts), sent once, retried like mail. */
export interface StaffNotificationsTable {
  id: Generated<number>;
  /** unique per event, e.g. `order:12`, `takeback:tr_x:216`, `panel-task:7`, `queue-old:mail:3` */
  dedupe_key: string;
  /** the English text posted as the webhook's `content` (at most 2000 characters) */
  content: string;
  attempts: Generated<number>;
  /** not before; also the lease of a row being sent */
  next_attempt_at: Millis;
  last_error: string | null;
  created_at: Millis;
  sent_at: Millis | null;
}
