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
