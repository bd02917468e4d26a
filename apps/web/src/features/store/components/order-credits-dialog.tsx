import { CREDITS_ORDER_MAX, CREDITS_ORDER_MIN } from '@falkenhost/contracts/constants';
import { centsToEur } from '@falkenhost/contracts/money';
import { Alert, Button, Divider, Group, Modal, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { useOrderCreditsForm } from '../hooks/use-order-credits-form';
import { BillingAddressFields } from './billing-address-fields';
import { CreditsBreakdown } from './credits-breakdown';
import { DiscountCodeInput } from './discount-code-input';
import { PaymentMethodCards } from './payment-method-cards';
import { ReferrerInput } from './referrer-input';

interface Props {
  initialAmount: number;
  /** `ordered`: the order was accepted and the browser leaves for the payment */
  onClose: (ordered?: boolean) => void;
  /** bought for an order refused for too few credits, which the return reopens (decision 430) */
  resume?: boolean;
}

/**
 * The order-credits dialog (product.md "Order-credits dialog", "Validation rules", "Error catalogue"
 * ("Credit order")): a @mantine/form validated by the contracts' `orderCreditsBody`, the schema the API
 * checks the order with; the first failing check in the spec's order is the dialog's error line; Pay is
 * throttled to one a second.
 */
export default function OrderCreditsDialog({ initialAmount, onClose, resume = false }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const { form, discount, amount, price, error, pay } = useOrderCreditsForm(initialAmount, onClose, resume);
  const { values } = form;

  return (
    <Modal
      opened
      onClose={() => onClose()}
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
          <PaymentMethodCards field={form.getInputProps('paymentMethod')} />
          <CreditsBreakdown credits={amount.data} price={price} />
          {error && (
            <Alert color="red" role="alert" title={t('errors.title')}>
              {error.raw ?? t(error.key)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onClose()}>
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
