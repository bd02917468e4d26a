import { ACCEPT_COOKIES_ATTRIBUTE, cookiesAcceptedCookie } from '@falkenhost/contracts/ssr';
import { Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cookiesAcceptedInBrowser, usePageFacts } from '@/lib/page-facts';

/** Where the notice was remembered before it had a cookie the server can read. */
const LEGACY_KEY = 'falkenhost.cookieNotice';

function remember(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed cookie the server reads; the Cookie Store API is not in every browser
  document.cookie = cookiesAcceptedCookie(location.protocol === 'https:');
}

/**
 * Essential cookies only, one 'Got it!' button (spec 2), remembered in a cookie so the server renders the
 * page with or without the notice as the browser will show it.
 */
export function CookieNotice() {
  const { t } = useTranslation('common');
  const facts = usePageFacts();
  const [accepted, setAccepted] = useState(() => facts?.cookiesAccepted ?? cookiesAcceptedInBrowser());
  useEffect(() => {
    if (accepted) return;
    // Read in a task of its own: opening Web Storage waits on the browser's process (decision 091).
    const later = setTimeout(() => {
      if (localStorage.getItem(LEGACY_KEY) !== 'accepted') return;
      remember();
      setAccepted(true);
    });
    return () => clearTimeout(later);
  }, [accepted]);
  if (accepted) return null;
  return (
    <Box role="region" aria-label={t('cookies.title')} className="fh-cookie-notice" p="md">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">{t('cookies.text')}</Text>
        <Button
          style={{ flexShrink: 0 }}
          {...{ [ACCEPT_COOKIES_ATTRIBUTE]: true }}
          onClick={() => {
            remember();
            setAccepted(true);
          }}
        >
          {t('cookies.accept')}
        </Button>
      </Group>
    </Box>
  );
}
