/** New rows with every optional column at its starting value, so callers name only what they decide. */
import type { Insertable } from 'kysely';
import type { UserPackagesTable } from './schema';

type Required = 'user_id' | 'package_id' | 'name' | 'billing_type' | 'status' | 'egg_id' | 'nest_id';

/**
 * An owned server (`user_packages`) as an order writes it: no panel ids, no payment, not suspended.
 * @param row the columns the caller decides (`created_at` epoch ms)
 */
export function newUserPackage(
  row: Pick<Insertable<UserPackagesTable>, Required | 'location_id' | 'credits_monthly' | 'created_at'> &
    Partial<Insertable<UserPackagesTable>>,
): Insertable<UserPackagesTable> {
  return {
    node_id: null,
    ptero_server_id: null,
    ptero_server_uuid: null,
    ptero_identifier: null,
    mollie_mandate_id: null,
    mollie_subscription_id: null,
    paid_until: null,
    billed_until: null,
    suspended_at: null,
    panel_suspended_at: null,
    power_target: null,
    delete_at: null,
    changing_since: null,
    deleted_at: null,
    period_anchor: null,
    periods_paid: null,
    cancelled_at: null,
    renewal_failed_at: null,
    grace_until: null,
    renewal_retry_at: null,
    subscription_mandate_id: null,
    monthly_amount_cents: null,
    subscription_amount_cents: null,
    previous_subscription_amount_cents: null,
    ...row,
  };
}
