import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BillingCard } from './billing-card';
import { ChangePasswordCard } from './change-password-card';
import { DangerZoneCard } from './danger-zone-card';
import { DataExportCard } from './data-export-card';
import { PreferencesCard } from './preferences-card';
import { ProfileCard } from './profile-card';
import { TotpCard } from './totp-card';
import { UpdateUserCard } from './update-user-card';

/**
 * The settings section (product.md "Settings"): one card per part: the profile, the newsletter and 2FA
 * toggles, the security area (sign-in methods), password, username and e-mail, the customer's data,
 * billing, and the danger zone last.
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
      <ProfileCard />
      <PreferencesCard />
      {/* Security: further sign-in methods, after the mailed-code 2FA toggle. */}
      <TotpCard />
      <ChangePasswordCard />
      <UpdateUserCard />
      <DataExportCard />
      <BillingCard />
      <DangerZoneCard />
    </Stack>
  );
}
