import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A section that is not built yet shows a 'coming soon' panel. */
export function ComingSoon({ section }: { section: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card padding="xl" bg="dark.7">
      <Stack gap="xs">
        <Title order={1} fz="h2">
          {t(`sections.${section}`)}
        </Title>
        <Text c="dark.0">{t('comingSoon')}</Text>
      </Stack>
    </Card>
  );
}

/** An unknown section (spec 2). */
export function ChooseSection() {
  const { t } = useTranslation('dashboard');
  return (
    <Card padding="xl" bg="dark.7">
      <Text fw={600}>{t('chooseSection')}</Text>
    </Card>
  );
}
