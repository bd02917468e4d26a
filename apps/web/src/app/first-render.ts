/**
 * Resolves when the first page can render complete: the router has loaded the route's lazy code and
 * translations, and the page's own namespace is loaded. Until then the server-rendered HTML in #root
 * stays on screen; rendering earlier would swap it for a spinner and then for the page (a flash, and a
 * later Largest Contentful Paint).
 */
import i18n, { i18nReady } from '@/i18n/i18n';
import { router } from './router';

export async function firstRenderReady(): Promise<void> {
  const routed = router.state.initialized
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const unsubscribe = router.subscribe((state) => {
          if (!state.initialized) return;
          unsubscribe();
          resolve();
        });
      });
  // The home page is not lazy (router.tsx): its namespace is loaded here.
  const namespaces = window.location.pathname === '/' ? ['common', 'home'] : ['common'];
  await Promise.all([routed, i18nReady.then(() => i18n.loadNamespaces(namespaces))]);
}
