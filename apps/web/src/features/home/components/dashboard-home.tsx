import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCoins, IconServer } from '@/components/icons';
import { IconRocket } from '@/components/marketing-icons';
import { useCredits } from '@/lib/credits';
import { useFormatters } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useServerCount } from '../api/server-count';
import { ExternalLinksCard } from './external-links-card';
import { ReferralCard } from './referral-card';

function StatTile({
  label,
  value,
  icon,
  color,
  testId,
}: {
  label: string;
  value: string | undefined;
  icon: ReactNode;
  color: string;
  testId: string;
}) {
  return (
    <Card padding="lg" bg="dark.7">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" c="dark.0" fw={600}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={32} w={90} />
          ) : (
            <Text fz={30} fw={800} data-testid={testId}>
              {value}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden="true">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/**
 * Dashboard home: the greeting, stat tiles, the beta notice, the referral card and the external links
 * (product.md "Dashboard home"). The greeting says "Welcome" on an account's first visit and "Welcome back"
 * later, by first name (docs/decisions/443-greetings.md).
 */
export function DashboardHome() {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const { data: user } = useSession();
  const { data: count } = useServerCount();
  const { data: credits } = useCredits();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        {/* A long username breaks instead of overflowing at 360 px. */}
        <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
          {t(user?.first_visit ? 'home.welcomeFirst' : 'home.welcome', {
            name: user?.first_name || user?.username || '',
          })}
        </Title>
        <Text c="dark.0">{t('home.subtitle')}</Text>
      </Stack>
      <Alert color="falken" variant="light" title={t('home.betaTitle')}>
        {t('home.beta')}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <StatTile
          label={t('home.servers')}
          value={count ? format.number(count.count) : undefined}
          icon={<IconServer size={22} />}
          color="falken"
          testId="stat-servers"
        />
        <StatTile
          label={t('home.monthly')}
          value={count ? format.decimal2(count.monthly) : undefined}
          icon={<IconRocket size={22} />}
          color="grape"
          testId="stat-monthly"
        />
        <StatTile
          label={t('home.credits')}
          value={credits === undefined ? undefined : format.decimal2(credits)}
          icon={<IconCoins size={22} />}
          color="cyan"
          testId="stat-credits"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ReferralCard />
        <ExternalLinksCard />
      </SimpleGrid>
    </Stack>
  );
}
