/**
 * Resolves when the first page can render complete: the router has loaded the route's lazy code and
 * translations, and the page's own namespace is loaded. Until then the server-rendered HTML in #root
 * stays on screen; rendering earlier would swap it for a spinner and then for the page (a flash, and a
 * later Largest Contentful Paint).
 */
import i18n, { i18nReady } from '@/i18n/i18n';
import { appRouter, routeCode } from './router';

/** Ends the current task, so the browser can paint and handle input between the start-up steps. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function firstRenderReady(): Promise<void> {
  // The pages format numbers as soon as they render: the format data load meanwhile, in a worker.
  try {
    new Worker(new URL('./intl-warmup.ts', import.meta.url), { type: 'module' });
  } catch {
    // No worker (an old browser): the first format loads the data on the main thread.
  }
  // The modules were evaluated in this task; the route's lazy code starts loading in the next ones, one
  // chunk per task, and the router is created after them.
  await nextTask();
  for (const load of routeCode(window.location.pathname)) {
    load().catch(() => undefined); // the router's own call reports a failure
    await nextTask();
  }
  const router = appRouter();
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
