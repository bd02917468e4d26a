import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BillingCard } from './billing-card';

/**
 * The settings section (spec 2 "Settings"): one card per part. Billing for now; profile, password,
 * two-factor and the danger zone come above it.
 */
export default function SettingsSection() {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="dark.0">{t('subtitle')}</Text>
      </Stack>
      <BillingCard />
    </Stack>
  );
}
