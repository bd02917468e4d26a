/** The tables of staff (the overview's closed hours), written only by apps/api/src/staff. */
import type { Millis } from './columns';

/**
 * The overview's figures of one closed clock hour (staff/overview-hours.ts), kept so a period is read
 * from at most 8 784 rows instead of every ledger row (docs/decisions/312-staff-overview.md).
 */
export interface OverviewHoursTable {
  /** the hour's start, epoch ms (UTC, a whole hour) */
  hour_start: Millis;
  /** net cents by source: invoices less credit notes issued in the hour */
  revenue_credits: number;
  revenue_first: number;
  revenue_renewal: number;
  revenue_unsuspend: number;
  /** auto top-ups' net cents (issue 43) */
  revenue_top_up: number;
  /** 1/10 000 credit */
  credits_sold: number;
  credits_spent: number;
  new_customers: number;
  servers_deleted: number;
  failed_renewals: number;
}
