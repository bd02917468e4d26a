import { ACCEPT_COOKIES_ATTRIBUTE, cookiesAcceptedCookie } from '@falkenhost/contracts/ssr';
import { Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useTopDialog } from '@/hooks/use-top-dialog';
import { cookiesAcceptedInBrowser, usePageFacts } from '@/lib/page-facts';

function remember(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed cookie the server reads; the Cookie Store API is not in every browser
  document.cookie = cookiesAcceptedCookie(location.protocol === 'https:');
}

/** The height the fixed notice takes at the bottom of the viewport, for global.css to keep free. */
const RESERVED_HEIGHT = '--fh-cookie-notice-space';

// useLayoutEffect warns when rendered on the server; the notice measures itself only in the browser.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Essential cookies only, one 'Got it!' button (product.md "Screens and routes"), remembered in a cookie so
 * the server renders the page with or without the notice as the browser will show it.
 */
export function CookieNotice() {
  const facts = usePageFacts();
  const [accepted, setAccepted] = useState(() => facts?.cookiesAccepted ?? cookiesAcceptedInBrowser());
  // "Got it!" pressed before React took over: the start script set the cookie and hid the notice, which
  // would otherwise come back inside the next dialog.
  useEffect(() => {
    if (!accepted && cookiesAcceptedInBrowser()) setAccepted(true);
  }, [accepted]);
  if (accepted) return null;
  return <OpenNotice onAccept={() => setAccepted(true)} />;
}

/**
 * The notice never covers a control (decisions/439-cookie-notice-inside-the-dialog.md): on the page it is
 * fixed at the bottom with that much space kept free below the page (global.css); while a modal dialog is
 * open it is drawn at the end of the dialog, inside its focus trap, where Tab reaches "Got it!".
 */
function OpenNotice({ onAccept }: { onAccept: () => void }) {
  const { t } = useTranslation('common');
  const dialog = useTopDialog();
  const region = useRef<HTMLDivElement>(null);

  useBrowserLayoutEffect(() => {
    const root = document.documentElement;
    const node = region.current;
    if (dialog || !node) {
      root.style.removeProperty(RESERVED_HEIGHT);
      return;
    }
    const measure = () => root.style.setProperty(RESERVED_HEIGHT, `${node.offsetHeight + 16}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(RESERVED_HEIGHT);
    };
  }, [dialog]);

  const accept = () => {
    remember();
    // The button goes away with the notice: in a dialog the keyboard stays in the dialog.
    if (dialog && region.current?.contains(document.activeElement)) dialog.focus({ preventScroll: true });
    onAccept();
  };

  const notice = (
    <Box
      ref={region}
      role="region"
      aria-label={t('cookies.title')}
      className={dialog ? 'fh-cookie-notice fh-cookie-notice-in-dialog' : 'fh-cookie-notice'}
      data-testid="cookie-notice"
      p="md"
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">{t('cookies.text')}</Text>
        <Button style={{ flexShrink: 0 }} {...{ [ACCEPT_COOKIES_ATTRIBUTE]: true }} onClick={accept}>
          {t('cookies.accept')}
        </Button>
      </Group>
    </Box>
  );
  return dialog ? createPortal(notice, dialog) : notice;
}
