import { Loader, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import type { DiscountState } from '../hooks/use-discount-check';

interface Props {
  value: string;
  onChange: (code: string) => void;
  /** the verification of `value` (useDiscountCheck) */
  discount: DiscountState;
}

/**
 * The discount code field of the order dialogs: a spinner while the code is checked, the rounded
 * percentage when valid, the invalid-discount message when not; an empty code is neither (spec 4).
 */
export function DiscountCodeInput({ value, onChange, discount }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  return (
    <TextInput
      label={t('order.discount')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={64}
      rightSection={
        discount.status === 'checking' ? (
          <Loader size={14} role="status" aria-label={t('order.checking')} />
        ) : null
      }
      error={discount.status === 'invalid' ? t('errors.invalidDiscount') : undefined}
      description={
        discount.status === 'valid' ? (
          <Text component="span" size="xs" c="teal.3" data-testid="discount-valid">
            {t('order.discountValid', { percent: format.number(Math.round(discount.percentage)) })}
          </Text>
        ) : undefined
      }
    />
  );
}
