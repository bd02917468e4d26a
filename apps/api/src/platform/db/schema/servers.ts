/** The tables of servers (customers' servers, their add-ons and schedules), written only by apps/api/src/servers. */
import type { Generated, Selectable } from 'kysely';
import type { Flag, Millis } from './columns';

export interface UserPackagesTable {
  id: Generated<number>;
  user_id: number;
  package_id: number;
  name: string;
  /** hourly | monthly */
  billing_type: string;
  /** provisioning | paid | suspended | cancelled | deleted | failed */
  status: string;
  egg_id: number;
  nest_id: number;
  /** JSON env_variable -> value: this server's own egg variable values */
  variables: Generated<string>;
  location_id: number;
  node_id: number | null;
  ptero_server_id: number | null;
  ptero_server_uuid: string | null;
  ptero_identifier: string | null;
  /** package + add-ons, 1/10 000 credit per month */
  credits_monthly: number;
  mollie_mandate_id: string | null;
  mollie_subscription_id: string | null;
  paid_until: Millis | null;
  billed_until: Millis | null;
  suspended_at: Millis | null;
  /** when the panel confirmed the suspension; null while still to be done */
  panel_suspended_at: Millis | null;
  /** 1 when on-hours schedules decide when it runs and is billed */
  scheduled: Generated<Flag>;
  /** on | off: the power state the schedule job last asked the panel for; null when it never did */
  power_target: string | null;
  delete_at: Millis | null;
  /** deletion warning mails sent since the suspension */
  deletion_warnings: Generated<number>;
  /** an add-on or package change holds the server since then; null when none */
  changing_since: Millis | null;
  /** monthly: the paid period is `periods_paid` calendar months from `period_anchor` (= paid_until) */
  period_anchor: Millis | null;
  periods_paid: number | null;
  cancelled_at: Millis | null;
  /** when the renewal failed (the grace's start), or a whole month's payment went back */
  renewal_failed_at: Millis | null;
  /** monthly, in grace after a failed renewal: the last retry's time, when the server stops unless paid */
  grace_until: Millis | null;
  /** monthly, in grace: when the next retry on the mandate is due; null while one runs or none is left */
  renewal_retry_at: Millis | null;
  /** monthly: retries started in the current grace */
  renewal_tries: Generated<number>;
  /** monthly: what each later month costs by card (the subscription's amount we want) */
  monthly_amount_cents: number | null;
  /** monthly: the mandate Mollie's subscription was last given */
  subscription_mandate_id: string | null;
  /** monthly: the amount Mollie's subscription was last given */
  subscription_amount_cents: number | null;
  /** monthly: the subscription's amount before its last change (a renewal at it is still accepted) */
  previous_subscription_amount_cents: number | null;
  created_at: Millis;
  deleted_at: Millis | null;
}

export interface UserPackageAddonsTable {
  user_package_id: number;
  addon_id: number;
  /** unique per server (one add-on per type) */
  addon_type: string;
  /** 1/10 000 credit per month the add-on added to the server's price when it was bought */
  credits_monthly: Generated<number>;
  created_at: Millis;
}

export interface SchedulesTable {
  id: Generated<number>;
  user_package_id: number;
  /** 0 Monday .. 6 Sunday */
  day_of_week: number;
  /** JSON list of hours 0-23 */
  active_hours: string;
  created_at: Millis;
}

export type UserPackage = Selectable<UserPackagesTable>;
