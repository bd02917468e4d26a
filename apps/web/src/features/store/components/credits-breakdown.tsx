import { centsToEur, type creditsOrderPrice } from '@falkenhost/contracts/money';
import { Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

interface Props {
  /** the credits ordered, when the amount passes the contracts' rule */
  credits: number | undefined;
  /** their price (cents), null while the amount is refused */
  price: ReturnType<typeof creditsOrderPrice> | null;
}

/**
 * The order-credits dialog's price breakdown, read out as it changes: the credits' price, the discount
 * when a code gives one, the payment fee and the total; while the amount is refused, why instead.
 */
export function CreditsBreakdown({ credits, price }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  return (
    <Stack gap={4} p="md" bg="dark.6" style={{ borderRadius: 12 }} aria-live="polite">
      <Title order={3} fz="md" mb={4}>
        {t('order.breakdown')}
      </Title>
      {price ? (
        <>
          <Group justify="space-between">
            <Text size="sm">{t('order.base', format.wholeCredits(credits ?? 0))}</Text>
            <Text size="sm">{format.eur(centsToEur(price.base))}</Text>
          </Group>
          {price.discount > 0 && (
            <Group justify="space-between">
              <Text size="sm">{t('order.discountLine')}</Text>
              <Text size="sm" c="teal.3">
                −{format.eur(centsToEur(price.discount))}
              </Text>
            </Group>
          )}
          <Group justify="space-between">
            <Text size="sm">{t('order.feeLine')}</Text>
            <Text size="sm">{format.eur(centsToEur(price.fee))}</Text>
          </Group>
          <Divider my={4} />
          <Group justify="space-between">
            <Text fw={800}>{t('order.total')}</Text>
            <Text fw={800} data-testid="order-total">
              {format.eur(centsToEur(price.total))}
            </Text>
          </Group>
        </>
      ) : (
        <Text size="sm" c="dark.0">
          {t('errors.invalidCreditsAmount')}
        </Text>
      )}
    </Stack>
  );
}
