import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PendingPackage, readPendingPackage } from '@/lib/pending-package';

/**
 * Why /login or /register came up after a visitor's Order click on /game/{gameId} (issue 44): the package
 * waits and its overview opens once logged in (lib/pending-package.ts keeps it through both pages). Read
 * after hydration: the server knows nothing of the browser's storage.
 */
export function PendingOrderNotice() {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState<PendingPackage | null>(null);
  useEffect(() => setPending(readPendingPackage()), []);
  if (!pending) return null;
  return (
    <Alert color="falken" variant="light" mb="md" data-testid="pending-order-notice">
      {pending.name ? t('pendingOrder.named', { name: pending.name }) : t('pendingOrder.unnamed')}
    </Alert>
  );
}
