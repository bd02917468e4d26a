/** Discounts administration calls (product.md "Staff calls": discounts, JSON). */
import type { AdminDiscount, DiscountBody } from '@falkenhost/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { adminDiscountsKey } from './keys';

const PATH = '/api/private/store/discounts';

/** GET discounts: every discount code with its percentage, valid_until (ISO 8601) and valid flag. */
export function useAdminDiscounts() {
  return useQuery({
    queryKey: adminDiscountsKey,
    queryFn: async () => unwrap(await api.get<AdminDiscount[]>(PATH)),
  });
}

/** POST a discount (`validUntil` YYYY-MM-DD, valid to the end of that day): 201, or 400 validation, 409 exists. */
export const addDiscount = (body: DiscountBody) => api.post<AdminDiscount>(PATH, body);

/** DELETE a discount: 200. */
export const deleteDiscount = (id: number) => api.delete<{ id: number }>(PATH, { id });
