import { centsToEur, PAYMENT_FEES, PAYMENT_METHODS, type PaymentMethod } from '@falkenhost/contracts/money';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

/**
 * The order-credits dialog's payment methods (product.md "Order-credits dialog"): one radio card per method
 * with its fee (percent, and the fixed part where there is one). Unmarked when refused: the dialog's
 * error line says why.
 * @param field the form's input props of `paymentMethod`
 */
export function PaymentMethodCards({ field }: { field: GetInputPropsReturnType }) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const feeLabel = (m: PaymentMethod) => {
    const fee = PAYMENT_FEES[m];
    return fee.fixedCents
      ? t('order.fee', {
          percent: format.number(fee.percentBp / 100),
          fixed: format.eur(centsToEur(fee.fixedCents)),
        })
      : t('order.feePercent', { percent: format.number(fee.percentBp / 100) });
  };

  return (
    <Radio.Group label={t('order.method')} {...field} error={undefined} required>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
        {PAYMENT_METHODS.map((m) => (
          <Radio.Card key={m} value={m} p="sm" radius="md" bg="dark.6">
            <Group gap="sm" wrap="nowrap">
              <Radio.Indicator />
              <Stack gap={0}>
                <Text fw={700} size="sm">
                  {t(`order.methods.${m}`)}
                </Text>
                <Text size="xs" c="dark.0">
                  {feeLabel(m)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
