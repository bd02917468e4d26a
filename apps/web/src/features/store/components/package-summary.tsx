import type { StorePackage } from '@falkenhost/contracts/store';
import { Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

/**
 * The top of the package overview (product.md "Package overview dialog"): the package's thumbnail, name and
 * game, then its resources as a list of terms (0 CPU, RAM, storage or slots is unlimited).
 */
export function PackageSummary({ pkg }: { pkg: StorePackage }) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const unlimited = t('overview.unlimited');
  const resource = (amount: number, shown: (value: number) => string) =>
    amount === 0 ? unlimited : shown(amount);
  const resources = [
    { key: 'cpu', value: resource(pkg.vcpu, (value) => t('units.percent', { value: format.number(value) })) },
    // the same sizes as the package page's (lib/format.ts)
    { key: 'ram', value: resource(pkg.ram_size, format.ramSize) },
    { key: 'storage', value: resource(pkg.storage_size, format.storageSize) },
    { key: 'databases', value: format.number(pkg.databases) },
    { key: 'backups', value: format.number(pkg.backups) },
    { key: 'ports', value: format.number(pkg.ports) },
    { key: 'slots', value: pkg.slots === 0 ? unlimited : format.number(pkg.slots) },
    { key: 'bandwidth', value: unlimited },
  ];

  return (
    <>
      <Group gap="md" wrap="nowrap">
        <Image src={pkg.thumbnail_url} alt="" w={72} h={72} radius="md" />
        <Stack gap={2}>
          <Title order={2} fz="xl">
            {pkg.name}
          </Title>
          <Text c="dark.0" size="sm">
            {pkg.game_name}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
        {resources.map((row) => (
          <Stack key={row.key} gap={0} p="xs" bg="dark.6" style={{ borderRadius: 8 }}>
            <Text component="dt" size="xs" c="dark.0" tt="uppercase" fw={700}>
              {t(`overview.resources.${row.key}`)}
            </Text>
            <Text component="dd" fw={700} m={0}>
              {row.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </>
  );
}
