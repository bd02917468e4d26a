import { Alert, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOwnedServers } from '../api/servers';
import { ServerCard } from './server-card';

/** The customer servers section (product.md "Customer servers"). */
export default function ServersSection() {
  const { t } = useTranslation('servers');
  const { data, isPending, isError } = useOwnedServers();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="dark.0">{t('subtitle')}</Text>
      </Stack>
      {isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg" aria-busy="true" aria-label={t('loading')}>
          <Skeleton h={300} radius="lg" />
          <Skeleton h={300} radius="lg" />
        </SimpleGrid>
      ) : isError ? (
        <Alert color="red" title={t('errorTitle')}>
          {t('error')}
        </Alert>
      ) : data.length === 0 ? (
        <Text c="dark.0">{t('empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
          {data.map((server) => (
            <ServerCard key={server.user_package_id} server={server} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
