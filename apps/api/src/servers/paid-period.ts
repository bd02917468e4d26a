/** The paid period of a monthly server: calendar months from its anchor (money-and-billing.md "Billing"). */
import { UTCDate } from '@date-fns/utc';
import { addMonths } from 'date-fns';

/** The end of a monthly server's paid period: `periods` calendar months from `anchor` (epoch ms, UTC). */
export function periodEnd(anchor: number, periods: number): number {
  return addMonths(new UTCDate(anchor), periods).getTime();
}
