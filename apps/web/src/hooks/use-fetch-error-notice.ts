import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { useFailureNotice, useNotice } from '@/hooks/use-notice';

/**
 * Shows the common fetchError toast (product.md "Error catalogue") of the admin namespace each time a staff
 * list fails anew;
 * `failedAt` is the failed query's errorUpdatedAt, or 0 while nothing failed.
 */
export function useFetchErrorNotice(failedAt: number): void {
  const notice = useNotice('admin', TOAST_SHORT_MS);
  useFailureNotice(failedAt, () => notice('error', 'errors.fetchError'));
}
