/**
 * The dashboard home's referral and links calls (product.md "Dashboard home", "API calls"): POST
 * /api/private/store/referrer and GET /api/public/links. The referrer itself is read with the store's
 * useReferrer (same query key), so the order dialogs show a referrer set here as locked at once.
 */
import type { ExternalLinks } from '@falkenhost/contracts/links';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export const referrerKey = ['store', 'referrer'] as const;

/**
 * POST referrer {referrer}: 200 `{ referrer }`; 400 referrer-exists or referrer-self; 404 not found
 * (product.md "API calls", "Error catalogue").
 */
export const setReferrer = (referrer: string) =>
  api.post<{ referrer: string }>('/api/private/store/referrer', { referrer });

/** GET /api/public/links: website, community, social page, panel (null: not configured). */
export function useExternalLinks() {
  return useQuery({
    queryKey: ['public', 'links'],
    queryFn: async () => unwrap(await api.get<ExternalLinks>('/api/public/links')),
    staleTime: 5 * 60_000,
  });
}
