import { discountBody } from '@falkenhost/contracts/admin';
import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/admin/form-dialog';
import { firstFormError, useFieldProps, useStaffForm } from '@/components/admin/staff-form';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { addDiscount } from '../api/discounts';
import { useStoreChange } from '../hooks/use-store-change';
import { discountErrorKey } from '../utils/errors';

/** Today as YYYY-MM-DD in the browser's zone: the earliest date the picker offers. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The discount popup's fields (product.md "Staff screens"): percent off, '' while empty; the date YYYY-MM-DD.
 */
interface DiscountValues {
  code: string;
  percentage: number | '';
  validUntil: string;
}

/**
 * The add-discount popup (product.md "Staff screens"): code, percentage and the last valid day (a date field
 * sending YYYY-MM-DD; the code is valid to the end of that day in Prague). Checked by the API's own
 * `discountBody` (product.md "Validation rules": all fields, then the code's characters, then the
 * percentage).
 */
export function DiscountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const form = useStaffForm<DiscountValues>({ code: '', percentage: '', validUntil: '' }, discountBody);
  const field = useFieldProps(form);
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const change = useStoreChange();
  // The current date is read after the first render, so the server's HTML and the browser's match.
  const [minDate, setMinDate] = useState<string | undefined>(undefined);
  useEffect(() => setMinDate(today()), []);

  const save = useThrottledAction(async () => {
    const problem = firstFormError(form);
    if (problem) return notice('error', problem);
    const saved = await change(
      addDiscount(discountBody.parse(form.getValues())),
      discountErrorKey,
      'discounts.toast.added',
    );
    if (saved) onClose();
  });

  return (
    <FormDialog
      title={t('discounts.addTitle')}
      onClose={onClose}
      onSubmit={() => void save.run()}
      size="lg"
      testId="discount-form"
      submitTestId="discount-save"
      busy={save.busy}
    >
      <TextInput
        label={t('discounts.fields.code')}
        description={t('discounts.fields.codeHint')}
        required
        maxLength={64}
        {...field('code')}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('discounts.fields.percentage')}
          required
          min={0.01}
          max={100}
          decimalScale={2}
          allowNegative={false}
          clampBehavior="none"
          suffix=" %"
          {...field('percentage', { number: true })}
        />
        <TextInput
          type="date"
          label={t('discounts.fields.validUntil')}
          required
          min={minDate}
          {...field('validUntil')}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
