/** Staff servers list call (product.md "Staff calls": GET all-servers). */
import { ADMIN_PAGE_SIZE, type AllServersAnswer } from '@falkenhost/contracts/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export const allServersKey = ['admin', 'servers'] as const;

/**
 * GET all-servers: one page (ADMIN_PAGE_SIZE rows, 1-based `page`) of every customer server, newest
 * first; `search` is a case-sensitive substring of the name or uuid (empty for all). The previous page
 * stays shown while the next one loads.
 */
export function useAllServers(search: string, page: number) {
  return useQuery({
    queryKey: [...allServersKey, search, page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const query = new URLSearchParams({ search, page: String(page), pageSize: String(ADMIN_PAGE_SIZE) });
      return unwrap(await api.get<AllServersAnswer>(`/api/private/servers/all-servers?${query}`));
    },
  });
}
