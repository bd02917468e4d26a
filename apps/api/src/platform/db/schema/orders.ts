/** The tables of orders, written only by apps/api/src/orders. */
import type { Generated, Selectable } from 'kysely';
import type { Millis } from './columns';

export interface OrdersTable {
  id: Generated<number>;
  /** uuid shown to the customer in /dashboard?order= */
  public_id: string;
  user_id: number;
  /** credits | package-credits | package-monthly | renewal | unsuspend */
  kind: string;
  /** pending | completed | canceled | failed | expired */
  status: string;
  /** credit units bought (credits orders) */
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
  /** a process carrying a paid card order forward holds it until then (orders of kind package-card, unsuspend-card) */
  locked_until: Millis | null;
  /** the token of the process holding the lease (a holder past its lease neither releases nor overwrites) */
  lease_owner: string | null;
  /** provisioning attempts after payment */
  attempts: Generated<number>;
}

export type Order = Selectable<OrdersTable>;
