import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/admin/form-dialog';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { addDiscount } from '../api/discounts';
import { useDraft } from '../hooks/use-draft';
import { useStoreChange } from '../hooks/use-store-change';
import { discountErrorKey } from '../utils/errors';
import { numberDraft } from '../utils/form-data';
import { type DiscountDraft, discountDraftError } from '../utils/validate';

/** Today as YYYY-MM-DD in the browser's zone: the earliest date the picker offers. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The add-discount popup (spec 2 "Discounts"): code, percentage and the last valid day (a date field
 * sending YYYY-MM-DD; the code is valid to the end of that day in Prague).
 */
export function DiscountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { draft, set } = useDraft<DiscountDraft>({ code: '', percentage: '', validUntil: '' });
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const change = useStoreChange();

  const save = useThrottledAction(async () => {
    const problem = discountDraftError(draft);
    if (problem) return notice('error', problem);
    const saved = await change(
      addDiscount({
        code: draft.code.trim(),
        percentage: draft.percentage as number,
        validUntil: draft.validUntil,
      }),
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
        value={draft.code}
        onChange={(event) => set('code', event.currentTarget.value)}
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
          value={draft.percentage}
          onChange={(value) => set('percentage', numberDraft(value))}
        />
        <TextInput
          type="date"
          label={t('discounts.fields.validUntil')}
          required
          min={today()}
          value={draft.validUntil}
          onChange={(event) => set('validUntil', event.currentTarget.value)}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
