import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotice } from '@/hooks/use-notice';
import type { ApiResult } from '@/lib/api-client';
import { STORE_CHANGE_KEYS } from '../api/keys';
import type { FailedAnswer } from '../utils/errors';

/**
 * Sends one store administration change and tells the result: a failure shows the error toast of
 * `errorKey(answer)` (a key, or a key with its values); a success the toast of `successKey` and refetches the store lists, the audit log and
 * both customer-facing stores. Toasts last TOAST_SHORT_MS (product.md "Screens and routes": 3 s on the store
 * pages).
 * @returns whether the change was made
 */
export function useStoreChange() {
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const queryClient = useQueryClient();
  return useCallback(
    async <T>(
      request: Promise<ApiResult<T>>,
      errorKey: (answer: FailedAnswer) => string | { key: string; values: Record<string, string | number> },
      successKey: string,
    ): Promise<boolean> => {
      const answer = await request;
      if (!answer.ok) {
        const error = errorKey(answer);
        if (typeof error === 'string') notice('error', error);
        else notice('error', error.key, error.values);
        return false;
      }
      notice('success', successKey);
      await Promise.all(
        STORE_CHANGE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      );
      return true;
    },
    [notice, queryClient],
  );
}
