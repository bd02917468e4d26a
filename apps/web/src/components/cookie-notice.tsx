import { Box, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const KEY = 'falkenhost.cookieNotice';

/** Essential cookies only, one 'Got it!' button, remembered in localStorage (spec 2). */
export function CookieNotice() {
  const { t } = useTranslation('common');
  const [accepted, setAccepted] = useState(() => localStorage.getItem(KEY) === 'accepted');
  if (accepted) return null;
  return (
    <Box role="region" aria-label={t('cookies.title')} className="fh-cookie-notice" p="md">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">{t('cookies.text')}</Text>
        <Button
          style={{ flexShrink: 0 }}
          onClick={() => {
            localStorage.setItem(KEY, 'accepted');
            setAccepted(true);
          }}
        >
          {t('cookies.accept')}
        </Button>
      </Group>
    </Box>
  );
}
