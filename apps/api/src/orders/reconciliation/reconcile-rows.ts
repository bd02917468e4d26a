/**
 * The server rows the panel reconciler compares (orders/reconciliation/panel-reconciler.ts), and what a repair of one
 * comes to.
 */
import type { AppContext } from '../../platform/context';

/** Server rows that should have a panel server. */
export const LIVE = ['paid', 'suspended', 'cancelled'];
/** Rows whose panel server is being made or deleted by another part of the product. */
export const IN_FLIGHT = ['provisioning', 'deleting'];

/** A server row as the reconciler lists it. */
export interface LiveRow {
  id: number;
  user_id: number;
  status: string;
  billing_type: string;
  name: string;
  package_id: number;
  egg_id: number;
  nest_id: number;
  location_id: number;
  ptero_server_id: number | null;
  ptero_server_uuid: string | null;
  billed_until: number | null;
  credits_monthly: number;
  changing_since: number | null;
}

/** A server row as read again, under its change lock, before a repair. */
export type FullRow = LiveRow & {
  ptero_user_id: number | null;
  paid_until: number | null;
  period_anchor: number | null;
  periods_paid: number | null;
  variables: string;
};

/** What a repair of one server did. */
export type Outcome = 'recreated' | 'refunded' | 'repaired' | 'reported' | 'unchanged';

/** The customer's users row (their panel user is confirmed from it before a repair). */
export async function userOf(ctx: AppContext, userId: number) {
  return ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}
