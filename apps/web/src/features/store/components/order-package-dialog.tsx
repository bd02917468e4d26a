import type { EggVariableField } from '@falkenhost/contracts/egg-variables';
import {
  centsToEur,
  creditsToUnits,
  MONTHLY_DISCOUNT_BP,
  PAYMENT_FEES,
  serverMonthPrice,
} from '@falkenhost/contracts/money';
import {
  type OrderPackageBody,
  orderPackageBody,
  PACKAGE_ORDER_METHODS,
  type StoreAddon,
  type StorePackage,
} from '@falkenhost/contracts/store';
import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { useFormatters } from '@/lib/format';
import { orderPackage } from '../api/store';
import { useDiscountCheck } from '../hooks/use-discount-check';
import { type ErrorText, orderPackageError } from '../utils/errors';
import { ORDER_PACKAGE_CHECK_KEYS, orderCheckKey, orderFormErrors } from '../utils/order-checks';
import {
  type AddressValues,
  BillingAddressFields,
  defaultCountry,
  emptyAddress,
} from './billing-address-fields';
import { DiscountCodeInput } from './discount-code-input';
import { ReferrerInput, useOrderReferrer } from './referrer-input';

type PackageOrderMethod = (typeof PACKAGE_ORDER_METHODS)[number];

/** What the form holds: the typed part of the body of POST order-package (no method chosen: ''). */
interface PackageFormValues extends AddressValues {
  referrer: string;
  discountCode: string;
  name: string;
  paymentMethod: PackageOrderMethod | '';
}

/** What the package overview dialog hands over: the package and the customer's choices. */
export interface PackageOrderSelection {
  pkg: StorePackage;
  eggId: number;
  locationId: number;
  /** the chosen add-ons, at most one per type */
  addons: StoreAddon[];
  /** the server name typed in the overview (may be empty; it can be edited here) */
  serverName: string;
  /** the egg variables the customer gave in the overview, checked there: env_variable -> value */
  variables: Record<string, string>;
  /** those variables as the overview asked for them (names the refused one in a 400 variable answer) */
  variableFields: readonly EggVariableField[];
}

interface Props {
  selection: PackageOrderSelection;
  /** Cancel or close: back to the package overview */
  onCancel: () => void;
  /** the order was accepted; the browser is leaving for the payment */
  onOrdered: () => void;
}

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

/** A titled column of the dialog. */
function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card padding="lg" bg="dark.7" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The order-package dialog (spec 2 "Order-package dialog", 5 "Order dialog checks", 8 "Order dialog"):
 * full screen, three columns (discounts, billing, payment). A server billed monthly by card: the first
 * month is paid at Mollie's checkout (POST order-package answers its link), later months by subscription.
 */
export default function OrderPackageDialog({ selection, onCancel, onOrdered }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const { pkg, addons } = selection;
  const [error, setError] = useState<ErrorText | null>(null);
  // The form's rule on the discount reads the latest verification (the hook below).
  const discountStatus = useRef<ReturnType<typeof useDiscountCheck>['status']>('empty');
  const referrerSend = useRef('');

  const toBody = (values: PackageFormValues): OrderPackageBody => ({
    ...values,
    referrer: referrerSend.current,
    paymentMethod: (values.paymentMethod || undefined) as PackageOrderMethod,
    packageId: pkg.id,
    addonIds: JSON.stringify(addons.map((addon) => addon.id)),
    eggId: selection.eggId,
    locationId: selection.locationId,
    variables: selection.variables,
  });
  const form = useForm<PackageFormValues>({
    mode: 'controlled',
    initialValues: {
      referrer: '',
      discountCode: '',
      name: selection.serverName,
      ...emptyAddress(),
      paymentMethod: PACKAGE_ORDER_METHODS[0],
    },
    validate: (values) => orderFormErrors(orderPackageBody, toBody(values), discountStatus.current),
  });
  const { values } = form;
  const referrer = useOrderReferrer(values.referrer);
  referrerSend.current = referrer.send;
  const discount = useDiscountCheck(values.discountCode);
  discountStatus.current = discount.status;
  const method = values.paymentMethod || null;

  // The browser's country is read after mounting (the server renders no browser).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    if (!form.getValues().country) form.setFieldValue('country', defaultCountry());
  }, []);

  // Every figure comes from the contracts' money module: credit units in, cents out.
  const monthlyUnits =
    creditsToUnits(pkg.credits_monthly) +
    addons.reduce((sum, addon) => sum + creditsToUnits(addon.credits_monthly), 0);
  const discountBp = discount.status === 'valid' ? Math.round(discount.percentage * 100) : 0;
  const priceMethod = method ?? PACKAGE_ORDER_METHODS[0];
  const first = serverMonthPrice(monthlyUnits, discountBp, priceMethod);
  const later = serverMonthPrice(monthlyUnits, 0, priceMethod).total;
  const eur = (cents: number) => format.eur(centsToEur(cents));

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

  const pay = useThrottledAction(async () => {
    setError(null);
    const checked = form.validate();
    const failed = orderCheckKey(checked.errors, ORDER_PACKAGE_CHECK_KEYS);
    if (failed) return setError({ key: failed });
    // The body as the API reads it (trimmed, the country upper case), add-on ids as a JSON string.
    const parsed = orderPackageBody.parse(toBody(form.getValues()));
    const result = await orderPackage({
      ...parsed,
      addonIds: JSON.stringify(parsed.addonIds),
    });
    if (result.ok && result.data?.link) {
      onOrdered();
      window.location.assign(result.data.link);
      return;
    }
    setError(orderPackageError(result, selection.variableFields));
  });

  return (
    <Modal
      opened
      fullScreen
      onClose={onCancel}
      closeButtonProps={{ 'aria-label': t('actions.close', { ns: 'common' }) }}
      title={t('orderPackage.title', { name: pkg.name })}
    >
      <form
        data-testid="order-package"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void pay.run();
        }}
      >
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
          <Column title={t('orderPackage.discounts')}>
            <ReferrerInput
              value={values.referrer}
              onChange={(name) => form.setFieldValue('referrer', name)}
            />
            <DiscountCodeInput
              value={values.discountCode}
              onChange={(code) => form.setFieldValue('discountCode', code)}
              discount={discount}
            />
            <TextInput
              label={t('overview.serverName')}
              placeholder={t('overview.serverNamePlaceholder')}
              {...form.getInputProps('name')}
              error={!!form.errors.name}
              maxLength={50}
              required
            />
          </Column>
          <Column title={t('orderPackage.billing')}>
            <BillingAddressFields field={(name) => form.getInputProps(name)} cols={1} />
          </Column>
          <Column title={t('orderPackage.payment')}>
            <Stack gap={6} aria-live="polite">
              <PriceLine
                label={t('orderPackage.package', { name: pkg.name })}
                amount={format.eur(pkg.eur_price)}
              />
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
                amount={`−${eur(first.monthlyDiscount)}`}
              />
              {discount.status === 'valid' && (
                <PriceLine
                  label={t('orderPackage.discountCode', {
                    code: discount.code,
                    percent: format.number(Math.round(discount.percentage)),
                  })}
                  amount={`−${eur(first.discount)}`}
                  testId="order-package-discount"
                />
              )}
            </Stack>
            <Select
              label={t('orderPackage.paymentType')}
              data={PACKAGE_ORDER_METHODS.map((m) => ({ value: m, label: methodLabel(m) }))}
              value={method}
              onChange={(value) =>
                form.setFieldValue('paymentMethod', (value ?? '') as PackageOrderMethod | '')
              }
              error={!!form.errors.paymentMethod}
              allowDeselect={false}
              required
            />
            <Stack gap={6} aria-live="polite">
              <PriceLine label={t('order.feeLine')} amount={eur(first.fee)} />
              <Divider my={4} />
              <PriceLine
                label={t('orderPackage.firstMonth')}
                amount={eur(first.total)}
                strong
                testId="order-package-first-month"
              />
              <PriceLine
                label={t('orderPackage.laterMonths')}
                amount={eur(later)}
                testId="order-package-later-months"
              />
              <Text size="xs" c="dark.0">
                {t('orderPackage.subscriptionHint')}
              </Text>
            </Stack>
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
                loading={pay.busy}
                disabled={discount.status === 'checking'}
                data-testid="order-package-pay"
              >
                {t('order.pay', { total: eur(first.total) })}
              </Button>
            </Group>
          </Column>
        </SimpleGrid>
      </form>
    </Modal>
  );
}
