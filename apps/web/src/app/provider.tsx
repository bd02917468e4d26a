import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';
import i18n from '@/i18n/i18n';
import { onUnauthenticated } from '@/lib/api-client';
import { loadSession, setSession, useSession, useSessionRefresh } from '@/lib/session';
import { theme } from './theme';

// A private call that stays 401 after a refresh means the session is gone: the guards then send to /login.
onUnauthenticated(() => setSession(null));
void loadSession();

function SessionKeeper() {
  const { data } = useSession();
  useSessionRefresh(!!data);
  return null;
}

/**
 * Providers every page needs. TanStack Query, modals and notifications are provided by the lazily
 * loaded ServicesLayout around every page but the home page (its JavaScript budget).
 * @param i18n the server's instance of the page's language; the browser's own by default
 */
export function AppProvider({ children, i18n: instance = i18n }: { children: ReactNode; i18n?: I18n }) {
  return (
    <I18nextProvider i18n={instance}>
      {/* The theme's CSS variables are in theme-variables.css (loaded with the entry, before the server's
          HTML is drawn), so MantineProvider need not compute and write them again. */}
      <MantineProvider
        theme={theme}
        defaultColorScheme="dark"
        forceColorScheme="dark"
        withCssVariables={false}
      >
        <SessionKeeper />
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </MantineProvider>
    </I18nextProvider>
  );
}
