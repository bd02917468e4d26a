import { SETTINGS_NOTICE_MS } from '@falkenhost/contracts/account';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';

/**
 * The settings section's result notices (product.md "Settings": they vanish after 3 seconds): a success or
 * error toast with the section's titles; `key` is a settings key, `values` its interpolation.
 */
export function useSettingsNotice() {
  const { t } = useTranslation('settings');
  return useCallback(
    (kind: 'success' | 'error', key: string, values?: Record<string, string>) =>
      notify(
        kind,
        t(kind === 'success' ? 'toast.successTitle' : 'toast.errorTitle'),
        t(key, values),
        SETTINGS_NOTICE_MS,
      ),
    [t],
  );
}
