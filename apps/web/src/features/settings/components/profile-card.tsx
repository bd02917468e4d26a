import { Alert, Badge, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { useProfile } from '../api/account';
import { useTotpState } from '../api/totp';
import { SettingsCard } from './settings-card';

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dark.1" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** An on/off state as a badge: enabled (green) or disabled (grey). */
function State({ on }: { on: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Badge variant="light" color={on ? 'teal' : 'gray'} tt="none">
      {on ? t('profile.enabled') : t('profile.disabled')}
    </Badge>
  );
}

/**
 * The profile (product.md "Settings"): username, e-mail, role, 2FA and newsletter enabled or disabled, and
 * member since as a date with 24-hour time in the page's language (decisions/442).
 */
export function ProfileCard() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const { data, isPending, isError } = useProfile();
  // Two-factor login is on by a mailed code or by an authenticator app (which takes precedence).
  const totp = useTotpState();
  return (
    <SettingsCard id="profile" title={t('profile.title')} text={t('profile.text')}>
      {isPending ? (
        <Skeleton h={96} radius="md" aria-busy="true" aria-label={t('profile.loading')} />
      ) : isError ? (
        <Alert color="red" title={t('profile.errorTitle')}>
          {t('errors.unknown')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
          <Field label={t('profile.username')} testId="profile-username">
            {data.username}
          </Field>
          <Field label={t('profile.email')} testId="profile-email">
            {data.email}
          </Field>
          <Field label={t('profile.role')} testId="profile-role">
            {t(`profile.roles.${data.role}`)}
          </Field>
          <Field label={t('profile.twoFactor')} testId="profile-2fa">
            <Group gap={0}>
              <State on={data.two_factor_auth || totp.data?.enabled === true} />
            </Group>
          </Field>
          <Field label={t('profile.newsletter')} testId="profile-newsletter">
            <Group gap={0}>
              <State on={data.news_subscription} />
            </Group>
          </Field>
          <Field label={t('profile.memberSince')} testId="profile-member-since">
            {format.dateTime(data.created_at)}
          </Field>
        </SimpleGrid>
      )}
    </SettingsCard>
  );
}
