import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api-client';

/** The customer's referrer's username, or null when none is set (GET /api/private/store/referrer answers 404). Shared by the store's referrer input and the home referral card. */
export function useReferrer() {
  return useQuery({
    queryKey: ['store', 'referrer'],
    queryFn: async () => {
      const result = await api.get<{ username: string }[]>('/api/private/store/referrer');
      if (result.status === 404) return null;
      return unwrap(result)[0]?.username ?? null;
    },
  });
}
