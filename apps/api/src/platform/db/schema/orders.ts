/** The tables of orders (orders and auto top-ups), written only by apps/api/src/orders. */
import type { Generated, Selectable } from 'kysely';
import type { Millis } from './columns';

export interface OrdersTable {
  id: Generated<number>;
  /** uuid shown to the customer in /dashboard?order= */
  public_id: string;
  user_id: number;
  /** credits | package-credits | package-card | renewal | unsuspend | unsuspend-card | auto-top-up */
  kind: string;
  /** pending | completed | canceled | failed | expired */
  status: string;
  credits_amount: number;
  amount_cents: number;
  fee_cents: number;
  discount_id: number | null;
  discount_bp: number;
  payment_method: string | null;
  mollie_payment_id: string | null;
  user_package_id: number | null;
  /** JSON: billing address and order details */
  details: string;
  created_at: Millis;
  completed_at: Millis | null;
  /** lease of the process carrying a paid card order forward */
  locked_until: Millis | null;
  /** the lease holder's token */
  lease_owner: string | null;
  attempts: Generated<number>;
}

export type Order = Selectable<OrdersTable>;

/**
 * A customer's auto top-up (docs/decisions/425-auto-top-up-settings.md), written only by
 * apps/api/src/orders/top-ups.
 */
export interface AutoTopUpsTable {
  user_id: number;
  /** off | on | awaiting-payment (the first payment that makes the mandate is open) */
  status: string;
  /** a top-up starts when the balance is below this, in 1/10 000 credit */
  threshold_units: number;
  /** whole credits bought by each top-up */
  amount_credits: number;
  /** what top-ups may cost in a calendar month (Europe/Prague), cents, fees included */
  monthly_cap_cents: number;
  /** the Mollie mandate top-ups are charged on (mdt_...) */
  mandate_id: string | null;
  /** the order of the first payment while `awaiting-payment` */
  first_order_id: number | null;
  /** JSON BillingAddress copied onto each top-up's invoice, or null */
  billing_address: string | null;
  /** when the last top-up failed and turned this off */
  failed_at: Millis | null;
  updated_at: Millis;
}

export type AutoTopUp = Selectable<AutoTopUpsTable>;
