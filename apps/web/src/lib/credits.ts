/**
 * The credit balance (product.md "Screens and routes" top bar, dashboard home): GET /api/private/credits,
 * polled every 5 minutes.
 */
import { CREDITS_POLL_MS } from '@falkenhost/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api-client';

export const creditsKey = ['credits'] as const;

export function useCredits() {
  return useQuery({
    queryKey: creditsKey,
    queryFn: async () => unwrap(await api.get<{ credits: number }>('/api/private/credits')).credits,
    refetchInterval: CREDITS_POLL_MS,
  });
}
