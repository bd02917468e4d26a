import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotice } from '@/hooks/use-notice';
import type { ApiResult } from '@/lib/api-client';
import { adminUsersKey, auditLogKey } from '../api/users';
import type { FailedAnswer } from '../utils/errors';

/**
 * Sends one change of a user and tells the result: the error toast of `errorKey(answer)`, or the toast of
 * `successKey` and a refetch of the users list and the audit log. Toasts last TOAST_SHORT_MS (product.md
 * "Screens and routes": 3 s on the users page).
 * @returns whether the change was made
 */
export function useUserChange() {
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const queryClient = useQueryClient();
  return useCallback(
    async <T>(
      request: Promise<ApiResult<T>>,
      errorKey: (answer: FailedAnswer) => string,
      successKey: string,
      values?: Record<string, string>,
    ): Promise<boolean> => {
      const answer = await request;
      if (!answer.ok) {
        notice('error', errorKey(answer), values);
        return false;
      }
      notice('success', successKey, values);
      await Promise.all(
        [adminUsersKey, auditLogKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      return true;
    },
    [notice, queryClient],
  );
}
