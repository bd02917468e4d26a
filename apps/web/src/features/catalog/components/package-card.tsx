import type { PublicPackage } from '@falkenhost/contracts/catalog';
import { Button, Card, Divider, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

interface Props {
  pkg: PublicPackage;
  onOrder: (pkg: PublicPackage) => void;
}

/**
 * A package of /game/{gameId} (product.md "Screens and routes"): 0 for RAM, CPU, storage or slots means
 * unlimited.
 */
export function PackageCard({ pkg, onOrder }: Props) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const unlimited = t('packages.unlimited');
  const rows: { key: string; value: string }[] = [
    { key: 'ram', value: pkg.ram_size === 0 ? unlimited : format.ramSize(pkg.ram_size) },
    {
      key: 'vcpu',
      value: pkg.vcpu === 0 ? unlimited : format.percent(pkg.vcpu),
    },
    {
      key: 'storage',
      value: pkg.storage_size === 0 ? unlimited : format.storageSize(pkg.storage_size),
    },
    { key: 'slots', value: pkg.slots === 0 ? unlimited : format.number(pkg.slots) },
    { key: 'databases', value: format.number(pkg.databases) },
    { key: 'backups', value: format.number(pkg.backups) },
    { key: 'ports', value: format.number(pkg.ports) },
    { key: 'bandwidth', value: unlimited },
  ];
  return (
    <Card padding="lg" bg="dark.7" className="fh-card-hover" data-testid="package-card">
      <Group wrap="nowrap" gap="md" mb="md">
        <Image src={pkg.thumbnail_url} alt="" w={64} h={64} radius="md" />
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {pkg.name}
          </Title>
          <Text fw={800} fz="xl" className="fh-gradient-text">
            {t('packages.creditsPerMonth', format.wholeCredits(pkg.credits_monthly))}
          </Text>
        </Stack>
      </Group>
      <Divider mb="sm" />
      <dl className="fh-resources">
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{t(`packages.${row.key}`)}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <Button
        mt="lg"
        fullWidth
        onClick={() => onOrder(pkg)}
        aria-label={t('packages.orderNamed', { name: pkg.name })}
      >
        {t('packages.order')}
      </Button>
    </Card>
  );
}
