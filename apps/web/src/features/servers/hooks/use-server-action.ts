import { TOAST_MS } from '@falkenhost/contracts/constants';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '@/lib/api-client';
import { creditsKey } from '@/lib/credits';
import { notify } from '@/lib/notify';
import { ownedServersKey } from '../api/servers';
import type { FailedAnswer } from '../utils/errors';

interface Options<V, T> {
  /** the call; it answers rather than throws (api-client) */
  request: (variables: V) => Promise<ApiResult<T>>;
  /** i18n key (namespace servers) of the error toast's message for a failed answer */
  errorKey: (answer: FailedAnswer, variables: V) => string;
  /** queries to refetch after a success besides the owned servers and the credit balance */
  invalidate?: (variables: V) => QueryKey[];
  /** after a success, once the queries were refetched */
  onSuccess?: (data: T | undefined, variables: V) => void;
}

/**
 * One action on an owned server (power, add-on, package, schedule, cancel): runs the call; on success
 * refetches the owned servers, the credit balance and the given queries, then calls `onSuccess`; on a
 * failure shows an error toast for TOAST_MS (product.md "Screens and routes": 5 s on the customer servers
 * page).
 */
export function useServerAction<V, T = unknown>({ request, errorKey, invalidate, onSuccess }: Options<V, T>) {
  const { t } = useTranslation('servers');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (answer, variables) => {
      if (!answer.ok) {
        notify('error', t('toast.errorTitle'), t(errorKey(answer, variables)), TOAST_MS);
        return;
      }
      const keys: QueryKey[] = [ownedServersKey, creditsKey, ...(invalidate?.(variables) ?? [])];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onSuccess?.(answer.data, variables);
    },
  });
}
