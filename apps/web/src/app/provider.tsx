import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
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

/** Renders nothing; its effect runs once the boundary it is in has been hydrated (or first rendered). */
function Committed({ onCommit }: { onCommit: () => void }) {
  const done = useRef(onCommit);
  useEffect(() => done.current(), []);
  return null;
}

/**
 * Providers every page needs. TanStack Query, modals and notifications are provided by the lazily
 * loaded ServicesLayout around every page but the home page (its JavaScript budget).
 *
 * The page is in one Suspense boundary: React hydrates a server-rendered boundary after the root, in a
 * pass of its own (each nested boundary in a further one), and a language changed in between would find
 * parts not yet hydrated that still show the old one (a mismatch, and the part drawn afresh).
 * @param i18n the server's instance of the page's language; the browser's own by default
 * @param onHydrated called once the page (the boundary's content) has been hydrated in the browser
 */
export function AppProvider({
  children,
  i18n: instance = i18n,
  onHydrated,
}: {
  children: ReactNode;
  i18n?: I18n;
  onHydrated?: () => void;
}) {
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
        <Suspense fallback={<PageLoader />}>
          {children}
          {onHydrated && <Committed onCommit={onHydrated} />}
        </Suspense>
      </MantineProvider>
    </I18nextProvider>
  );
}
