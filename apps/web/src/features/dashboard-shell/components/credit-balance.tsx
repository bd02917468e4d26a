import { Badge, Loader, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCoins } from '@/components/icons';
import { useCredits } from '@/lib/credits';
import { useFormatters } from '@/lib/format';

/** Credit balance of the top bar, 2 decimals, polled every 5 minutes (product.md "Screens and routes"). */
export function CreditBalance() {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const { data, isPending, isError } = useCredits();
  const badge = {
    size: 'lg',
    variant: 'light',
    radius: 'sm',
    leftSection: <IconCoins size={16} />,
    'data-testid': 'credit-balance',
    role: 'status',
    // never shrunk (and so cut) by a long username beside it in the top bar
    flex: 'none',
  } as const;
  if (isError && data === undefined)
    return (
      <Tooltip label={t('topBar.balanceUnavailable')}>
        <Badge {...badge} color="red" aria-label={t('topBar.balanceUnavailable')}>
          –
        </Badge>
      </Tooltip>
    );
  return (
    <Badge
      {...badge}
      color="cyan"
      data-value={data ?? ''}
      aria-label={t('topBar.balanceLabel', { credits: data === undefined ? '…' : format.decimal2(data) })}
      style={{ textTransform: 'none' }}
    >
      {isPending || data === undefined ? (
        <Loader size={12} color="cyan" aria-hidden="true" />
      ) : (
        t('topBar.balance', { credits: format.decimal2(data) })
      )}
    </Badge>
  );
}
