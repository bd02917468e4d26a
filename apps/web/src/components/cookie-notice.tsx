import { ACCEPT_COOKIES_ATTRIBUTE, cookiesAcceptedCookie } from '@falkenhost/contracts/ssr';
import { Box, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cookiesAcceptedInBrowser, usePageFacts } from '@/lib/page-facts';

function remember(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed cookie the server reads; the Cookie Store API is not in every browser
  document.cookie = cookiesAcceptedCookie(location.protocol === 'https:');
}

/**
 * Essential cookies only, one 'Got it!' button (product.md "Screens and routes"), remembered in a cookie so
 * the server renders the page with or without the notice as the browser will show it.
 */
export function CookieNotice() {
  const { t } = useTranslation('common');
  const facts = usePageFacts();
  const [accepted, setAccepted] = useState(() => facts?.cookiesAccepted ?? cookiesAcceptedInBrowser());
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
