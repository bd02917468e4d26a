import {
  AUTO_TOP_UP_AMOUNT_MAX,
  AUTO_TOP_UP_AMOUNT_MIN,
  AUTO_TOP_UP_CAP_MAX,
  AUTO_TOP_UP_CAP_MIN,
  AUTO_TOP_UP_THRESHOLD_MAX,
  AUTO_TOP_UP_THRESHOLD_MIN,
  type AutoTopUpAnswer,
  type AutoTopUpBody,
  autoTopUpBody,
} from '@falkenhost/contracts/billing';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { useFormatters } from '@/lib/format';
import { autoTopUpKey, saveAutoTopUp, useAutoTopUp } from '../api/billing';
import { useSettingsNotice } from '../hooks/use-settings-notice';
import { generalErrorKey } from '../utils/errors';
import { firstErrorOnly } from '../utils/form-errors';

const resolve = schemaResolver(autoTopUpBody, { sync: true });
/** Messages of the contracts' `autoTopUpBody` (and of the API's 400) that have their own text. */
const FIELD_MESSAGES = new Set(['threshold', 'amount', 'monthly-cap', 'monthly-cap-below-price']);
type Field = 'threshold' | 'amount' | 'monthlyCap';

function valuesOf(answer: AutoTopUpAnswer): AutoTopUpBody {
  return {
    enabled: answer.status !== 'off',
    threshold: answer.threshold,
    amount: answer.amount,
    monthlyCap: answer.monthlyCap,
  };
}

/**
 * Auto top-up in the Billing settings (product.md "Settings", money-and-billing.md "Auto top-up"): on or
 * off, threshold and amount in credits, the monthly cap in euros, checked by the contracts' schema; the
 * price of one top-up and this month's spending in euros. Saving on without a saved card opens the
 * checkout of the first top-up; a failed top-up that turned it off is said above the form.
 */
export function AutoTopUpSection() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const notice = useSettingsNotice();
  const queryClient = useQueryClient();
  const { data } = useAutoTopUp();
  const form = useForm<AutoTopUpBody>({
    initialValues: { enabled: false, threshold: 100, amount: 500, monthlyCap: 100 },
    validate: (values) => firstErrorOnly(resolve(values)),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows each new answer, not itself
  useEffect(() => {
    if (!data) return;
    form.setValues(valuesOf(data));
    form.resetDirty(valuesOf(data));
  }, [data]);

  const { run, busy } = useThrottledAction(async (values: AutoTopUpBody) => {
    const answer = await saveAutoTopUp(values);
    if (answer.ok && answer.data) {
      if (answer.data.checkoutUrl) {
        window.location.assign(answer.data.checkoutUrl);
        return;
      }
      queryClient.setQueryData(autoTopUpKey, answer.data);
      notice('success', 'billing.autoTopUp.saved');
      return;
    }
    const fieldError = answer.status === 400 ? answer.error?.errors?.[0] : undefined;
    if (fieldError && FIELD_MESSAGES.has(fieldError.msg)) {
      form.setErrors({ [fieldError.path as Field]: t(`billing.autoTopUp.errors.${fieldError.msg}`) });
      return;
    }
    notice('error', answer.status === 502 ? 'billing.autoTopUp.errors.payment' : generalErrorKey(answer));
  });

  const input = (field: Field) => {
    const props = form.getInputProps(field);
    const message = props.error;
    return {
      ...props,
      error:
        typeof message === 'string' && FIELD_MESSAGES.has(message)
          ? t(`billing.autoTopUp.errors.${message}`)
          : message,
    };
  };

  return (
    <Stack gap="sm" data-testid="auto-top-up">
      <Title order={3} fz="h4">
        {t('billing.autoTopUp.title')}
      </Title>
      <Text c="dark.0" size="sm">
        {t('billing.autoTopUp.text')}
      </Text>
      {!data ? (
        <Skeleton h={120} radius="md" aria-busy="true" aria-label={t('billing.loading')} />
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => void run(values))}>
          <Stack gap="md">
            {data.failedAt && data.status === 'off' ? (
              <Alert color="red" data-testid="auto-top-up-failed">
                {t('billing.autoTopUp.failed', { date: format.dateTime(data.failedAt) })}
              </Alert>
            ) : null}
            {data.status === 'awaiting-payment' ? (
              <Alert color="yellow" data-testid="auto-top-up-awaiting">
                {t('billing.autoTopUp.awaiting')}
              </Alert>
            ) : null}
            <Switch
              label={t('billing.autoTopUp.enabled')}
              description={t('billing.autoTopUp.noMandate')}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
              data-testid="auto-top-up-enabled"
            />
            <AmountFields input={input} />
            <Text size="sm" data-testid="auto-top-up-figures">
              {t('billing.autoTopUp.price', { price: format.eur(data.topUpPrice) })}{' '}
              {t('billing.autoTopUp.spent', {
                spent: format.eur(data.spentThisMonth),
                cap: format.eur(data.monthlyCap),
              })}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={busy} data-testid="auto-top-up-save">
                {t('billing.autoTopUp.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

type InputProps = (field: Field) => ReturnType<UseFormReturnType<AutoTopUpBody>['getInputProps']>;

/** Threshold and amount in whole credits, the cap in whole euros; the schema checks them, not clamping. */
function AmountFields({ input }: { input: InputProps }) {
  const { t } = useTranslation('settings');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <NumberInput
        label={t('billing.autoTopUp.threshold')}
        description={t('billing.autoTopUp.thresholdHint')}
        min={AUTO_TOP_UP_THRESHOLD_MIN}
        max={AUTO_TOP_UP_THRESHOLD_MAX}
        allowDecimal={false}
        clampBehavior="none"
        {...input('threshold')}
        data-testid="auto-top-up-threshold"
      />
      <NumberInput
        label={t('billing.autoTopUp.amount')}
        description={t('billing.autoTopUp.amountHint')}
        min={AUTO_TOP_UP_AMOUNT_MIN}
        max={AUTO_TOP_UP_AMOUNT_MAX}
        allowDecimal={false}
        clampBehavior="none"
        {...input('amount')}
        data-testid="auto-top-up-amount"
      />
      <NumberInput
        label={t('billing.autoTopUp.monthlyCap')}
        description={t('billing.autoTopUp.monthlyCapHint')}
        min={AUTO_TOP_UP_CAP_MIN}
        max={AUTO_TOP_UP_CAP_MAX}
        allowDecimal={false}
        clampBehavior="none"
        {...input('monthlyCap')}
        data-testid="auto-top-up-cap"
      />
    </SimpleGrid>
  );
}
