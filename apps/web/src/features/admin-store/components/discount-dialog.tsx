import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { addDiscount } from '../api/discounts';
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
  const [draft, setDraft] = useState<DiscountDraft>({ code: '', percentage: '', validUntil: '' });
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const change = useStoreChange();
  const set = <K extends keyof DiscountDraft>(field: K, value: DiscountDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

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
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('discounts.addTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form
        noValidate
        data-testid="discount-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run();
        }}
      >
        <Stack gap="md">
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.busy} data-testid="discount-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
