import type { OrderStatusAnswer } from '@falkenhost/contracts/store';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

/** GET /api/private/store/order-status?order= (product.md "API calls"). */
export function useOrderStatus(order: string | null) {
  return useQuery({
    queryKey: ['order-status', order],
    enabled: !!order,
    queryFn: async () =>
      unwrap(
        await api.get<OrderStatusAnswer>(
          `/api/private/store/order-status?order=${encodeURIComponent(order ?? '')}`,
        ),
      ),
    retry: false,
    // A payment just made may still be pending until the provider's webhook arrives: ask again.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'pending' || status === 'pending_transaction' ? 2_000 : false;
    },
  });
}
