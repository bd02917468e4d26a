import type { AccountProfile } from '@falkenhost/contracts/account';
import { Skeleton, Stack, Switch } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileKey, setNewsletter, setTwoFactor, useProfile } from '../api/account';
import { useSettingsNotice } from '../hooks/use-settings-notice';
import { generalErrorKey } from '../utils/errors';
import { SettingsCard } from './settings-card';

type Flag = 'news_subscription' | 'two_factor_auth';

const CALLS = { news_subscription: setNewsletter, two_factor_auth: setTwoFactor } as const;
const UPDATED = {
  news_subscription: 'toast.newsletterUpdated',
  two_factor_auth: 'toast.twoFactorUpdated',
} as const;

/**
 * Newsletter and two-factor login by mailed code (product.md "Settings", "States and transitions": the toggle
 * flips at once, then the call is made; a failure puts it back and shows an error toast). The profile card
 * shows the same state.
 */
export function PreferencesCard() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notice = useSettingsNotice();
  const { data } = useProfile();
  const [busy, setBusy] = useState<Flag | null>(null);

  async function toggle(flag: Flag, on: boolean) {
    const previous = queryClient.getQueryData<AccountProfile>(profileKey);
    if (!previous || busy) return;
    setBusy(flag);
    queryClient.setQueryData<AccountProfile>(profileKey, { ...previous, [flag]: on });
    const answer = await CALLS[flag](on);
    setBusy(null);
    if (!answer.ok || !answer.data) {
      queryClient.setQueryData<AccountProfile>(profileKey, (current) =>
        current ? { ...current, [flag]: previous[flag] } : current,
      );
      notice('error', generalErrorKey(answer));
      return;
    }
    queryClient.setQueryData(profileKey, answer.data);
    notice('success', UPDATED[flag]);
  }

  return (
    <SettingsCard id="preferences" title={t('preferences.title')}>
      {!data ? (
        <Skeleton h={64} radius="md" aria-busy="true" aria-label={t('profile.loading')} />
      ) : (
        <Stack gap="md">
          <Switch
            checked={data.news_subscription}
            onChange={(event) => void toggle('news_subscription', event.currentTarget.checked)}
            disabled={busy === 'news_subscription'}
            label={t('preferences.newsletter')}
            description={t('preferences.newsletterText')}
            data-testid="toggle-newsletter"
          />
          <Switch
            checked={data.two_factor_auth}
            onChange={(event) => void toggle('two_factor_auth', event.currentTarget.checked)}
            disabled={busy === 'two_factor_auth'}
            label={t('preferences.twoFactor')}
            description={t('preferences.twoFactorText')}
            data-testid="toggle-2fa"
          />
        </Stack>
      )}
    </SettingsCard>
  );
}
