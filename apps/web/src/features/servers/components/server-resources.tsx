import type { OwnedServer } from '@falkenhost/contracts/servers';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

/**
 * The resources of the details overlay (product.md "Screens and routes"): cpu %, RAM and storage sizes (lib/format.ts),
 * databases, backups, ports, slots and bandwidth (always unlimited). 0 CPU, RAM, storage or slots means
 * unlimited. Totals include the add-ons (the owned-server answer adds them).
 */
export function ServerResources({ server }: { server: OwnedServer }) {
  const { t } = useTranslation('servers');
  const format = useFormatters();
  const unlimited = t('details.unlimited');
  const limit = (amount: number, shown: (value: number) => string = format.number) =>
    amount === 0 ? unlimited : shown(amount);
  const rows = [
    { key: 'cpu', value: limit(server.vcpu, (value) => t('units.percent', { value: format.number(value) })) },
    { key: 'ram', value: limit(server.ram_size, format.ramSize) },
    { key: 'storage', value: limit(server.storage_size, format.storageSize) },
    { key: 'databases', value: format.number(server.databases) },
    { key: 'backups', value: format.number(server.backups) },
    { key: 'ports', value: format.number(server.ports) },
    { key: 'slots', value: limit(server.slots) },
    { key: 'bandwidth', value: unlimited },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0} data-testid="server-resources">
      {rows.map((row) => (
        <Stack key={row.key} gap={0} p="xs" bg="dark.6" style={{ borderRadius: 8 }}>
          <Text component="dt" size="xs" c="dark.0" tt="uppercase" fw={700}>
            {t(`details.resources.${row.key}`)}
          </Text>
          <Text component="dd" fw={700} m={0} data-testid={`resource-${row.key}`}>
            {row.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
