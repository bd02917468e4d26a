/**
 * The demo clock (demo.md "Contracts the demo must keep"): GET /api/dev/clock answers `{ now }`
 * (ISO 8601); POST `{ advanceHours }` (1 to 2160) moves it forward, runs every job that fell due hour by
 * hour and answers the new `now` once they have finished. Neither exists outside the demo (404).
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export const devClockKey = ['dev-clock'] as const;

export function useDevClock() {
  return useQuery({
    queryKey: devClockKey,
    queryFn: async () => unwrap(await api.get<{ now: string }>('/api/dev/clock', { refresh: false })),
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/dev/clock {advanceHours}: may take a while (a month of jobs); resolves with the answer. */
export const advanceDevClock = (advanceHours: number) =>
  api.post<{ now: string }>('/api/dev/clock', { advanceHours }, { refresh: false });
