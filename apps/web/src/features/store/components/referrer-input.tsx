import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReferrer } from '@/lib/referrer';

/**
 * The referrer of an order (GET referrer): `locked` is the user's referrer when one is set, and `send`
 * what the order call carries: '' when one is set already (the server keeps it), else the typed name.
 */
export function useOrderReferrer(typed: string) {
  const referrer = useReferrer();
  const locked = referrer.data ?? null;
  return { locked, pending: referrer.isPending, send: locked ? '' : typed.trim() };
}

interface Props {
  value: string;
  onChange: (username: string) => void;
}

/**
 * The referrer field of the order dialogs: prefilled and locked when a referrer exists (product.md
 * "Screens and routes").
 */
export function ReferrerInput({ value, onChange }: Props) {
  const { t } = useTranslation('store');
  const { locked, pending } = useOrderReferrer(value);
  return (
    <TextInput
      label={t('order.referrer')}
      description={locked ? t('order.referrerLocked') : t('order.referrerHint')}
      value={locked ?? value}
      onChange={(event) => onChange(event.currentTarget.value)}
      disabled={!!locked || pending}
      maxLength={64}
    />
  );
}
