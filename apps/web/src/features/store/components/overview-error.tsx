import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import type { ErrorText } from '../utils/errors';

interface Props {
  error: ErrorText;
  /** the credits to buy when the purchase was refused for too few (decision 430), else null */
  missingCredits: number | null;
  onBuyMissing: (amount: number) => void;
}

/**
 * The package overview's error line, at the top of the dialog and scrolled into view when it appears, so
 * the customer sees it wherever they pressed the button; a purchase refused for too few credits gets a
 * button that buys the missing ones (decision 430).
 */
export function OverviewError({ error, missingCredits, onBuyMissing }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <Alert ref={box} color="red" role="alert" title={t('errors.title')} data-testid="overview-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.raw ?? t(error.key, error.values)}</Text>
        {missingCredits !== null && (
          <>
            <Text size="sm">{t('overview.missingHint')}</Text>
            <Button
              color="red"
              variant="white"
              data-testid="buy-missing-credits"
              onClick={() => onBuyMissing(missingCredits)}
            >
              {t('overview.buyMissing', format.wholeCredits(missingCredits))}
            </Button>
          </>
        )}
      </Stack>
    </Alert>
  );
}
