import { CREDITS_ORDER_MAX, CREDITS_ORDER_MIN } from '@falkenhost/contracts/constants';
import {
  centsToEur,
  creditsOrderPrice,
  PAYMENT_FEES,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@falkenhost/contracts/money';
import { type OrderCreditsBody, orderCreditsBody } from '@falkenhost/contracts/store';
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
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { useFormatters } from '@/lib/format';
import { orderCredits } from '../api/store';
import { useDiscountCheck } from '../hooks/use-discount-check';
import { type ErrorText, orderCreditsError } from '../utils/errors';
import { ORDER_CREDITS_CHECK_KEYS, orderCheckKey, orderFormErrors } from '../utils/order-checks';
import {
  type AddressValues,
  BillingAddressFields,
  defaultCountry,
  emptyAddress,
} from './billing-address-fields';
import { DiscountCodeInput } from './discount-code-input';
import { ReferrerInput, useOrderReferrer } from './referrer-input';

interface Props {
  initialAmount: number;
  onClose: () => void;
}

/** What the form holds: the body of POST order-credits as typed (the amount '' while empty). */
interface CreditsFormValues extends AddressValues {
  referrer: string;
  discountCode: string;
  creditsAmount: number | string;
  paymentMethod: PaymentMethod;
}

/** The credits amount rule of the contracts (integer 25 to 25000, spec 5, 9). */
const amountRule = orderCreditsBody.shape.creditsAmount;

/**
 * The order-credits dialog (spec 2 "Order-credits dialog", 5, 8 "Credit order"): a @mantine/form
 * validated by the contracts' `orderCreditsBody`, the schema the API checks the order with; the first
 * failing check in the spec's order is the dialog's error line; Pay is throttled to one a second.
 */
export default function OrderCreditsDialog({ initialAmount, onClose }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const [error, setError] = useState<ErrorText | null>(null);
  // The form's rule on the discount reads the latest verification (the hook below).
  const discountStatus = useRef<ReturnType<typeof useDiscountCheck>['status']>('empty');
  const referrerSend = useRef('');

  const toBody = (values: CreditsFormValues): OrderCreditsBody => ({
    ...values,
    referrer: referrerSend.current,
    creditsAmount: (values.creditsAmount === '' ? undefined : Number(values.creditsAmount)) as number,
  });
  const form = useForm<CreditsFormValues>({
    mode: 'controlled',
    initialValues: {
      referrer: '',
      discountCode: '',
      creditsAmount: initialAmount,
      ...emptyAddress(),
      paymentMethod: 'creditCard',
    },
    validate: (values) => orderFormErrors(orderCreditsBody, toBody(values), discountStatus.current),
  });
  const { values } = form;
  const referrer = useOrderReferrer(values.referrer);
  referrerSend.current = referrer.send;
  const discount = useDiscountCheck(values.discountCode);
  discountStatus.current = discount.status;

  // The browser's country is read after mounting (the server renders no browser).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    if (!form.getValues().country) form.setFieldValue('country', defaultCountry());
  }, []);

  const amount = amountRule.safeParse(values.creditsAmount);
  const method = values.paymentMethod;
  const discountBp = discount.status === 'valid' ? Math.round(discount.percentage * 100) : 0;
  const price = amount.success ? creditsOrderPrice(amount.data, discountBp, method) : null;

  const pay = useThrottledAction(async () => {
    setError(null);
    const checked = form.validate();
    const failed = orderCheckKey(checked.errors, ORDER_CREDITS_CHECK_KEYS);
    if (failed) return setError({ key: failed });
    const body = orderCreditsBody.parse(toBody(form.getValues()));
    const result = await orderCredits(body);
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
            <ReferrerInput
              value={values.referrer}
              onChange={(name) => form.setFieldValue('referrer', name)}
            />
            <DiscountCodeInput
              value={values.discountCode}
              onChange={(code) => form.setFieldValue('discountCode', code)}
              discount={discount}
            />
            <NumberInput
              label={t('order.amount')}
              description={t('order.amountHint', {
                min: format.whole(CREDITS_ORDER_MIN),
                max: format.whole(CREDITS_ORDER_MAX),
              })}
              {...form.getInputProps('creditsAmount')}
              min={CREDITS_ORDER_MIN}
              max={CREDITS_ORDER_MAX}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              // Marked only: the breakdown below says why, so the fields do not move (issue 30).
              error={values.creditsAmount !== '' && !amount.success}
              required
            />
          </SimpleGrid>
          <Divider label={t('order.billing')} labelPosition="left" />
          <BillingAddressFields field={(name) => form.getInputProps(name)} />
          <Radio.Group
            label={t('order.method')}
            {...form.getInputProps('paymentMethod')}
            error={undefined}
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
                  <Text size="sm">{t('order.base', format.wholeCredits(amount.data ?? 0))}</Text>
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
            <Button type="submit" disabled={!amount.success} loading={pay.busy}>
              {price ? t('order.pay', { total: format.eur(centsToEur(price.total)) }) : t('order.payPlain')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
