import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

/** GET /api/private/servers/server-count: count of servers and their monthly credits. */
export function useServerCount() {
  return useQuery({
    queryKey: ['server-count'],
    queryFn: async () =>
      unwrap(await api.get<{ count: number; monthly: number }>('/api/private/servers/server-count')),
  });
}
