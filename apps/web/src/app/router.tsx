import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import i18n, { i18nReady, type Namespace } from '@/i18n/i18n';
import { DashboardGuard, EmailGuard, GuestGuard } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import HomeRoute from './routes/home';

/**
 * A lazily loaded page: the code chunk and its translation namespaces load together, so the page
 * renders without a second spinner (route-level code splitting keeps the home page light).
 */
function page(load: () => Promise<{ default: ComponentType }>, namespaces: Namespace[]) {
  return async () => {
    const [module] = await Promise.all([
      load(),
      i18nReady.then(() => i18n.loadNamespaces(['common', ...namespaces])),
    ]);
    return { Component: module.default };
  };
}

const services = async () => ({ Component: (await import('./layouts/services-layout')).default });

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          {
            lazy: services,
            children: [
              { path: 'hosting', lazy: page(() => import('./routes/hosting'), ['catalog']) },
              { path: 'game/:gameId', lazy: page(() => import('./routes/game'), ['catalog']) },
              { path: 'partners', lazy: page(() => import('./routes/partners'), ['site']) },
              { path: 'contact', lazy: page(() => import('./routes/contact'), ['site']) },
              {
                element: <GuestGuard />,
                children: [
                  { path: 'login', lazy: page(() => import('./routes/login'), ['auth']) },
                  { path: 'register', lazy: page(() => import('./routes/register'), ['auth']) },
                ],
              },
              {
                path: 'email/:type',
                element: <EmailGuard />,
                children: [
                  { index: true, lazy: page(() => import('./routes/email-code'), ['auth', 'security']) },
                ],
              },
              { path: 'password', lazy: page(() => import('./routes/password'), ['auth']) },
              {
                path: 'reset-password/:token?',
                lazy: page(() => import('./routes/reset-password'), ['auth']),
              },
              {
                path: 'update-user/:token?',
                lazy: page(() => import('./routes/update-user'), ['settings']),
              },
              { path: 'dev/mailbox', lazy: page(() => import('./routes/mailbox'), ['mailbox']) },
              { path: '*', lazy: page(() => import('./routes/not-found'), []) },
            ],
          },
        ],
      },
      {
        path: 'dashboard',
        lazy: services,
        children: [
          {
            element: <DashboardGuard />,
            children: [
              {
                index: true,
                lazy: page(
                  () => import('./routes/dashboard'),
                  ['dashboard', 'store', 'servers', 'settings', 'security', 'home'],
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The lazy code of the routes an address matches, outermost first, as loaders to call (each starts a
 * chunk's download and Vite's preloads of its imports; calling one again later, as the router does, reuses
 * the same download). First-render.ts calls them one task at a time before it creates the router, so no
 * single task both starts every download and builds the router.
 * @param pathname an address's path, e.g. "/game/3"
 * @returns the loaders, none when the address needs no lazy code (the home page)
 */
export function routeCode(pathname: string): (() => Promise<unknown>)[] {
  const loaders: (() => Promise<unknown>)[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') loaders.push(lazy as () => Promise<unknown>);
  }
  return loaders;
}

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The client's router, created on the first call: creating it matches the address and starts loading the
 * route's lazy code, work the start-up does in a task of its own (first-render.ts) rather than in the one
 * that evaluates the modules.
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(routes);
  return router;
}
