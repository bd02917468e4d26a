import type { SettingsPart } from '@falkenhost/contracts/dashboard-addresses';
import { Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionSub } from '@/lib/dashboard-address';
import { BillingCard } from './billing-card';
import { ChangePasswordCard } from './change-password-card';
import { DangerZoneCard } from './danger-zone-card';
import { DataExportCard } from './data-export-card';
import { PreferencesCard } from './preferences-card';
import { ProfileCard } from './profile-card';
import { TotpCard } from './totp-card';
import { UpdateUserCard } from './update-user-card';

/** One part of the settings an address can scroll to (/dashboard/settings/<part>, decision 431). */
function Part({ part, children }: { part: SettingsPart; children: ReactNode }) {
  return (
    <Stack gap="lg" id={`settings-part-${part}`} style={{ scrollMarginTop: 80 }}>
      {children}
    </Stack>
  );
}

/**
 * The settings section (product.md "Settings"): one card per part: the profile, the newsletter and 2FA
 * toggles, the security area (sign-in methods), password, username and e-mail, the customer's data,
 * billing, and the danger zone last. /dashboard/settings/<part> (account, security, data, billing) brings
 * that part into view.
 */
export default function SettingsSection() {
  const { t } = useTranslation('settings');
  const part = useSectionSub('settings');
  useEffect(() => {
    if (part) document.getElementById(`settings-part-${part}`)?.scrollIntoView?.({ block: 'start' });
  }, [part]);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="dark.0">{t('subtitle')}</Text>
      </Stack>
      <Part part="account">
        <ProfileCard />
        <PreferencesCard />
      </Part>
      {/* Security: further sign-in methods, after the mailed-code 2FA toggle. */}
      <Part part="security">
        <TotpCard />
        <ChangePasswordCard />
        <UpdateUserCard />
      </Part>
      <Part part="data">
        <DataExportCard />
      </Part>
      <Part part="billing">
        <BillingCard />
      </Part>
      <DangerZoneCard />
    </Stack>
  );
}
