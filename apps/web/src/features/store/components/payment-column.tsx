import { centsToEur, MONTHLY_DISCOUNT_BP, PAYMENT_FEES } from '@falkenhost/contracts/money';
import { PACKAGE_ORDER_METHODS, type StoreAddon, type StorePackage } from '@falkenhost/contracts/store';
import { Alert, Button, Divider, Group, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import type { DiscountState } from '../hooks/use-discount-check';
import type { PackageOrderMethod, useOrderPackageForm } from '../hooks/use-order-package-form';
import { OrderColumn } from './order-column';

/** One line of the price column: a label and an amount. */
function PriceLine({
  label,
  amount,
  strong,
  testId,
}: {
  label: ReactNode;
  amount: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 800 : undefined} style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 800 : undefined}
        data-testid={testId}
        style={{ whiteSpace: 'nowrap' }}
      >
        {amount}
      </Text>
    </Group>
  );
}

/** The parts of the first month's price (contracts serverMonthPrice), in cents. */
type MonthPrice = ReturnType<typeof useOrderPackageForm>['first'];

interface LinesProps {
  pkg: StorePackage;
  addons: StoreAddon[];
  first: MonthPrice;
  discount: DiscountState;
}

/** What is bought: the package and each add-on at their prices, less the monthly and code discounts. */
function OrderLines({ pkg, addons, first, discount }: LinesProps) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  return (
    <Stack gap={6} aria-live="polite">
      <PriceLine label={t('orderPackage.package', { name: pkg.name })} amount={format.eur(pkg.eur_price)} />
      {addons.map((addon) => (
        <PriceLine
          key={addon.id}
          label={t('orderPackage.addon', { name: addon.name })}
          amount={format.eur(addon.eur_price)}
        />
      ))}
      <PriceLine
        label={t('orderPackage.monthlyDiscount', {
          percent: format.number(MONTHLY_DISCOUNT_BP / 100),
        })}
        amount={`−${format.eur(centsToEur(first.monthlyDiscount))}`}
      />
      {discount.status === 'valid' && (
        <PriceLine
          label={t('orderPackage.discountCode', {
            code: discount.code,
            percent: format.number(Math.round(discount.percentage)),
          })}
          amount={`−${format.eur(centsToEur(first.discount))}`}
          testId="order-package-discount"
        />
      )}
    </Stack>
  );
}

/** The payment method's fee, the first month's total and the later months' (by subscription). */
function MonthTotals({ first, later }: { first: MonthPrice; later: number }) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  return (
    <Stack gap={6} aria-live="polite">
      <PriceLine label={t('order.feeLine')} amount={format.eur(centsToEur(first.fee))} />
      <Divider my={4} />
      <PriceLine
        label={t('orderPackage.firstMonth')}
        amount={format.eur(centsToEur(first.total))}
        strong
        testId="order-package-first-month"
      />
      <PriceLine
        label={t('orderPackage.laterMonths')}
        amount={format.eur(centsToEur(later))}
        testId="order-package-later-months"
      />
      <Text size="xs" c="dark.0">
        {t('orderPackage.subscriptionHint')}
      </Text>
    </Stack>
  );
}

interface Props {
  pkg: StorePackage;
  addons: StoreAddon[];
  /** the dialog's form, prices and payment (useOrderPackageForm) */
  order: ReturnType<typeof useOrderPackageForm>;
  /** Cancel: back to the package overview */
  onCancel: () => void;
}

/**
 * The order-package dialog's payment column (product.md "Order-package dialog"): the price lines, the
 * payment method with its fee, the first and later months' totals, the error line, Cancel and Pay (the
 * form's submit button).
 */
export function PaymentColumn({ pkg, addons, order, onCancel }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const { form, discount, first, error } = order;
  const methodLabel = (m: PackageOrderMethod) => {
    const fee = PAYMENT_FEES[m];
    return t('orderPackage.methodOption', {
      method: t(`order.methods.${m}`),
      fee: t('order.fee', {
        percent: format.number(fee.percentBp / 100),
        fixed: format.eur(centsToEur(fee.fixedCents)),
      }),
    });
  };

  return (
    <OrderColumn title={t('orderPackage.payment')}>
      <OrderLines pkg={pkg} addons={addons} first={first} discount={discount} />
      <Select
        label={t('orderPackage.paymentType')}
        data={PACKAGE_ORDER_METHODS.map((m) => ({ value: m, label: methodLabel(m) }))}
        value={order.method}
        onChange={(value) => form.setFieldValue('paymentMethod', (value ?? '') as PackageOrderMethod | '')}
        error={!!form.errors.paymentMethod}
        allowDeselect={false}
        required
      />
      <MonthTotals first={first} later={order.later} />
      {error && (
        <Alert color="red" role="alert" title={t('errors.title')} data-testid="order-package-error">
          {t(error.key, error.values)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('order.cancel')}
        </Button>
        <Button
          type="submit"
          loading={order.pay.busy}
          disabled={discount.status === 'checking'}
          data-testid="order-package-pay"
        >
          {t('order.pay', { total: format.eur(centsToEur(first.total)) })}
        </Button>
      </Group>
    </OrderColumn>
  );
}
