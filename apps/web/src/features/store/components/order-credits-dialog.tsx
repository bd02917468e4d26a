import { CREDITS_ORDER_MAX, CREDITS_ORDER_MIN } from '@falkenhost/contracts/constants';
import {
  centsToEur,
  creditsOrderPrice,
  PAYMENT_FEES,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@falkenhost/contracts/money';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { useFormatters } from '@/lib/format';
import { orderCredits } from '../api/store';
import { useDiscountCheck } from '../hooks/use-discount-check';
import { type ErrorText, orderCreditsError } from '../utils/errors';
import { type AddressDraft, addressBody, BillingAddressFields, emptyAddress } from './billing-address-fields';
import { DiscountCodeInput } from './discount-code-input';
import { ReferrerInput, useOrderReferrer } from './referrer-input';

interface Props {
  initialAmount: number;
  onClose: () => void;
}

/** The order-credits dialog (spec 2 "Order-credits dialog", 5, 8 "Credit order"). */
export default function OrderCreditsDialog({ initialAmount, onClose }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const [referrerInput, setReferrerInput] = useState('');
  const referrer = useOrderReferrer(referrerInput);
  const [discountCode, setDiscountCode] = useState('');
  const discount = useDiscountCheck(discountCode);
  const [amount, setAmount] = useState<number | ''>(initialAmount);
  const [address, setAddress] = useState<AddressDraft>(emptyAddress);
  const [method, setMethod] = useState<PaymentMethod>('creditCard');
  const [error, setError] = useState<ErrorText | null>(null);

  const amountValid =
    typeof amount === 'number' &&
    Number.isInteger(amount) &&
    amount >= CREDITS_ORDER_MIN &&
    amount <= CREDITS_ORDER_MAX;
  const discountBp = discount.status === 'valid' ? Math.round(discount.percentage * 100) : 0;
  const price = amountValid ? creditsOrderPrice(amount, discountBp, method) : null;

  const pay = useThrottledAction(async () => {
    setError(null);
    // Checks in the spec's order (spec 5 "Order dialog checks").
    if (discountCode.trim() && discount.status !== 'valid')
      return setError({ key: 'errors.invalidDiscount' });
    if (
      !address.addressLine1.trim() ||
      !address.city.trim() ||
      !address.postalCode.trim() ||
      !address.country
    )
      return setError({ key: 'errors.invalidAddress' });
    if (!amountValid) return setError({ key: 'errors.invalidCreditsAmount' });
    const result = await orderCredits({
      referrer: referrer.send,
      discountCode: discountCode.trim(),
      creditsAmount: amount,
      ...addressBody(address),
      paymentMethod: method,
    });
    if (result.ok && result.data?.link) {
      onClose();
      window.location.href = result.data.link;
      return;
    }
    setError(orderCreditsError(result));
  });

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
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('actions.close', { ns: 'common' }) }}
      size="xl"
      title={t('order.title')}
    >
      <form
        data-testid="order-credits"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void pay.run();
        }}
      >
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ReferrerInput value={referrerInput} onChange={setReferrerInput} />
            <DiscountCodeInput value={discountCode} onChange={setDiscountCode} discount={discount} />
            <NumberInput
              label={t('order.amount')}
              description={t('order.amountHint', {
                min: format.whole(CREDITS_ORDER_MIN),
                max: format.whole(CREDITS_ORDER_MAX),
              })}
              value={amount}
              onChange={(value) =>
                setAmount(typeof value === 'number' ? value : value === '' ? '' : Number(value))
              }
              min={CREDITS_ORDER_MIN}
              max={CREDITS_ORDER_MAX}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              error={amount !== '' && !amountValid ? t('errors.invalidCreditsAmount') : undefined}
              required
            />
          </SimpleGrid>
          <Divider label={t('order.billing')} labelPosition="left" />
          <BillingAddressFields value={address} onChange={setAddress} />
          <Radio.Group
            label={t('order.method')}
            value={method}
            onChange={(value) => setMethod(value as PaymentMethod)}
            required
          >
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
          <Stack gap={4} p="md" bg="dark.6" style={{ borderRadius: 12 }} aria-live="polite">
            <Title order={3} fz="md" mb={4}>
              {t('order.breakdown')}
            </Title>
            {price ? (
              <>
                <Group justify="space-between">
                  <Text size="sm">{t('order.base', format.wholeCredits(amount as number))}</Text>
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
          {error && (
            <Alert color="red" role="alert" title={t('errors.title')}>
              {error.raw ?? t(error.key)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('order.cancel')}
            </Button>
            <Button type="submit" disabled={!amountValid} loading={pay.busy}>
              {price ? t('order.pay', { total: format.eur(centsToEur(price.total)) }) : t('order.payPlain')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
