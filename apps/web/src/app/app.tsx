import type { PageFacts } from '@falkenhost/contracts/ssr';
import { RouterProvider } from 'react-router';
import { PageFactsContext } from '@/lib/page-facts';
import { AppProvider } from './provider';
import { appRouter } from './router';

/**
 * The browser's app, from the facts the server rendered the page with (undefined: not server-rendered).
 * @param onHydrated called once the page has been hydrated (or, not server-rendered, first committed)
 */
export function App({ facts, onHydrated }: { facts: PageFacts | undefined; onHydrated?: () => void }) {
  return (
    <PageFactsContext.Provider value={facts}>
      <AppProvider onHydrated={onHydrated}>
        <RouterProvider router={appRouter()} />
      </AppProvider>
    </PageFactsContext.Provider>
  );
}
