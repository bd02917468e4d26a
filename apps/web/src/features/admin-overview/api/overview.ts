/** The staff overview call (issue 31 part 1: GET /api/private/staff/overview). */
import type { OverviewAnswer, OverviewPeriod } from '@falkenhost/contracts/overview';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export const overviewKey = ['admin', 'overview'] as const;

/** The overview of `period`; the previous period's figures stay shown while the next ones load. */
export function useOverview(period: OverviewPeriod) {
  return useQuery({
    queryKey: [...overviewKey, period],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.get<OverviewAnswer>(`/api/private/staff/overview?period=${encodeURIComponent(period)}`),
      ),
  });
}
