import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { api } from '@/lib/api-client';
import { EXPORT_URL } from '../api/account';
import { useSettingsNotice } from '../hooks/use-settings-notice';
import { generalErrorKey } from '../utils/errors';
import { SettingsCard } from './settings-card';

/** Saves a JSON value as a file through a temporary link. */
function saveJson(value: unknown, filename: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * "Your data" (GDPR art. 15 and 20; issue 9): everything the product holds about the customer as one JSON
 * file. Fetched through the api-client (an expired access token is refreshed first), then saved.
 */
export function DataExportCard() {
  const { t } = useTranslation('settings');
  const notice = useSettingsNotice();
  const { run, busy } = useThrottledAction(async () => {
    const answer = await api.get<{ exported_at?: string }>(EXPORT_URL);
    if (!answer.ok || !answer.data) return notice('error', generalErrorKey(answer));
    const day = (answer.data.exported_at ?? new Date().toISOString()).slice(0, 10);
    saveJson(answer.data, `falkenhost-data-${day}.json`);
  });
  return (
    <SettingsCard id="data" title={t('data.title')} text={t('data.text')}>
      <Group>
        <Button variant="light" loading={busy} onClick={() => void run()} data-testid="export-data">
          {t('data.download')}
        </Button>
      </Group>
    </SettingsCard>
  );
}
