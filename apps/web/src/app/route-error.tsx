import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <Center mih="70vh" p="xl">
      <Stack align="center" gap="md">
        <Title order={1}>{t('error.title')}</Title>
        <Text c="dark.1">{t('error.generic')}</Text>
        <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
      </Stack>
    </Center>
  );
}
