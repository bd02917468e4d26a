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
 * percentage when valid, the invalid-discount message when not; an empty code is neither (product.md
 * "States and transitions"). The status line below the field always takes its one line, so nothing moves when
 * a code is checked.
 */
export function DiscountCodeInput({ value, onChange, discount }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  let status: React.ReactNode = '\u00a0';
  if (discount.status === 'checking') status = t('order.checking');
  else if (discount.status === 'valid')
    status = (
      <Text component="span" size="xs" c="teal.3" data-testid="discount-valid">
        {t('order.discountValid', { percent: format.number(Math.round(discount.percentage)) })}
      </Text>
    );
  else if (discount.status === 'invalid')
    status = (
      <Text component="span" size="xs" c="red.4">
        {t('errors.invalidDiscount')}
      </Text>
    );
  return (
    <TextInput
      label={t('order.discount')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={64}
      inputWrapperOrder={['label', 'input', 'description']}
      rightSection={discount.status === 'checking' ? <Loader size={14} aria-hidden="true" /> : null}
      error={discount.status === 'invalid'}
      description={status}
      descriptionProps={{
        'data-testid': 'discount-status',
        'aria-live': 'polite',
        style: { minHeight: '1.5em' },
      }}
    />
  );
}
