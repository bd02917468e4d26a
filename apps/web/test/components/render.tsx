/**
 * Renders a component as the app does (translations, Mantine's theme, TanStack Query, a router, the modal
 * and notification hosts), for Testing Library in happy-dom. No part of the app is replaced: a form's
 * calls go through the real api-client to whatever `window.location` points at (a product started with
 * apps/api/test/harness.ts `startProduct`, see `useProductOrigin`).
 */
import { WEB_NAMESPACES } from '@falkenhost/locales/web';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '@/app/theme';
import i18n, { i18nReady } from '@/i18n/i18n';
import { modalHostMounted } from '@/lib/modal-host';

export type Language = 'en' | 'cs' | 'sk' | 'de' | 'fr';

export interface RenderOptions {
  language?: Language;
  /** the address the router starts at (default '/') */
  path?: string;
  /** the route `ui` answers, when wider than `path` (e.g. '/dashboard/*': its addresses, decision 431) */
  pattern?: string;
  /** other routes, e.g. `{ '/dashboard': <p>dashboard</p> }`, to see where a form navigates */
  routes?: Record<string, ReactNode>;
}

/**
 * Renders `ui` at `path` in `language` with every client namespace loaded.
 * @returns Testing Library's result and the router (its `state.location` tells where a form went)
 */
export async function renderApp(
  ui: ReactNode,
  { language = 'en', path = '/', pattern, routes = {} }: RenderOptions = {},
): Promise<RenderResult & { router: ReturnType<typeof createMemoryRouter> }> {
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces([...WEB_NAMESPACES]);
  const router = createMemoryRouter(
    [
      { path: pattern ?? path.split('?')[0] ?? '/', element: ui },
      ...Object.entries(routes).map(([route, element]) => ({ path: route, element })),
    ],
    { initialEntries: [path] },
  );
  // Mantine keeps its toasts in one module-wide store: an earlier render's toasts (shown or queued past
  // the limit) would come back here and push this render's own ones into the queue.
  notifications.clean();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} forceColorScheme="dark">
        <QueryClientProvider client={queryClient}>
          <ModalsProvider />
          <Notifications />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  modalHostMounted();
  return Object.assign(result, { router });
}
