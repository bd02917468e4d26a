import type { StorePackage } from '@falkenhost/contracts/store';
import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

interface Props {
  pkg: StorePackage;
  onOpen: (pkg: StorePackage) => void;
}

/**
 * A package of the store (product.md "Customer store"): ∞ for 0 CPU, RAM or storage; 'custom' when used is 0.
 * Its terms' colon is the language's (French puts a space before it).
 */
export function PackageRow({ pkg, onOpen }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const value = (amount: number, key: string) => (amount ? t(key, { value: format.number(amount) }) : '∞');
  return (
    <Card padding="md" bg="dark.6" data-testid="store-package">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <Image src={pkg.thumbnail_url} alt="" w={56} h={56} radius="md" />
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={700}>{pkg.name}</Text>
              {pkg.used === 0 && (
                <Badge color="grape" variant="light" size="sm">
                  {t('packages.custom')}
                </Badge>
              )}
            </Group>
            <Group gap="md">
              <Text size="sm" c="dark.0">
                {t('packages.term', { label: t('packages.cpu') })} <b>{value(pkg.vcpu, 'units.percent')}</b>
              </Text>
              <Text size="sm" c="dark.0">
                {t('packages.term', { label: t('packages.ram') })}{' '}
                <b>{pkg.ram_size ? format.ramSize(pkg.ram_size) : '∞'}</b>
              </Text>
              <Text size="sm" c="dark.0">
                {t('packages.term', { label: t('packages.storage') })}{' '}
                <b>{pkg.storage_size ? format.storageSize(pkg.storage_size) : '∞'}</b>
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          <Button
            variant="light"
            onClick={() => onOpen(pkg)}
            aria-label={t('packages.monthlyAria', {
              name: pkg.name,
              price: format.eur(pkg.monthly_eur_price),
            })}
          >
            {t('packages.monthly', { price: format.eur(pkg.monthly_eur_price) })}
          </Button>
          <Button
            onClick={() => onOpen(pkg)}
            aria-label={t('packages.creditsAria', {
              name: pkg.name,
              ...format.wholeCredits(pkg.credits_monthly),
            })}
          >
            {t('packages.credits', format.wholeCredits(pkg.credits_monthly))}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
