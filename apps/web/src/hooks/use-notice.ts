import { TOAST_MS } from '@falkenhost/contracts/constants';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Namespace } from '@/i18n/i18n';
import { notify } from '@/lib/notify';

/**
 * Result toasts of one namespace: `notice(kind, key, values)` shows the namespace's `toast.successTitle`
 * or `toast.errorTitle` with the text of `key`, for `autoClose` ms (product.md "Screens and routes": 3 s on
 * the store and users pages, 5 s elsewhere).
 */
export function useNotice(ns: Namespace, autoClose: number = TOAST_MS) {
  const { t } = useTranslation(ns);
  return useCallback(
    (kind: 'success' | 'error', key: string, values?: Record<string, string | number>) =>
      notify(
        kind,
        t(kind === 'success' ? 'toast.successTitle' : 'toast.errorTitle'),
        t(key, values),
        autoClose,
      ),
    [t, autoClose],
  );
}

/**
 * Calls `show` once each time a query fails anew: `failedAt` is the query's errorUpdatedAt while it is in
 * error, else 0 (product.md "Error catalogue": a list that cannot be fetched shows the common fetch error
 * toast).
 */
export function useFailureNotice(failedAt: number, show: () => void): void {
  const showRef = useRef(show);
  showRef.current = show;
  useEffect(() => {
    if (failedAt) showRef.current();
  }, [failedAt]);
}
