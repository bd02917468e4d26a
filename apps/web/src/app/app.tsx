import type { PageFacts } from '@falkenhost/contracts/ssr';
import { useEffect, useRef } from 'react';
import { RouterProvider } from 'react-router';
import { PageFactsContext } from '@/lib/page-facts';
import { AppProvider } from './provider';
import { appRouter } from './router';

/**
 * The browser's app, from the facts the server rendered the page with (undefined: not server-rendered).
 * @param onHydrated called once the first render has been committed (the root's effects run last)
 */
export function App({ facts, onHydrated }: { facts: PageFacts | undefined; onHydrated?: () => void }) {
  const done = useRef(onHydrated);
  useEffect(() => done.current?.(), []);
  return (
    <PageFactsContext.Provider value={facts}>
      <AppProvider>
        <RouterProvider router={appRouter()} />
      </AppProvider>
    </PageFactsContext.Provider>
  );
}
