import { PAGES, type PagePath } from '@falkenhost/contracts/routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import i18n, { i18nReady, type Namespace } from '@/i18n/i18n';
import { PageGuard } from './guards';
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

/** A page's path below the root layout (the list in packages/contracts is absolute, as the server's). */
const at = (path: PagePath) => path.slice(1);

const dashboard = page(
  () => import('./routes/dashboard'),
  ['dashboard', 'store', 'servers', 'settings', 'security', 'home'],
);

const services = async () => ({ Component: (await import('./layouts/services-layout')).default });

/**
 * The client's routes, rendered on the server too (entry-server.tsx). A lazy route's id names its module
 * under src/app, so the server can link the stylesheets that module's chunk needs (apps/api/src/site).
 */
export const routes: RouteObject[] = [
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
            id: 'layouts/services-layout',
            lazy: services,
            children: [
              {
                id: 'routes/hosting',
                path: at(PAGES.hosting),
                lazy: page(() => import('./routes/hosting'), ['catalog']),
              },
              {
                id: 'routes/game',
                path: at(PAGES.game),
                lazy: page(() => import('./routes/game'), ['catalog']),
              },
              {
                id: 'routes/partners',
                path: at(PAGES.partners),
                lazy: page(() => import('./routes/partners'), ['site']),
              },
              {
                id: 'routes/contact',
                path: at(PAGES.contact),
                lazy: page(() => import('./routes/contact'), ['site']),
              },
              {
                element: <PageGuard />,
                children: [
                  {
                    id: 'routes/login',
                    path: at(PAGES.login),
                    lazy: page(() => import('./routes/login'), ['auth']),
                  },
                  {
                    id: 'routes/register',
                    path: at(PAGES.register),
                    lazy: page(() => import('./routes/register'), ['auth']),
                  },
                ],
              },
              {
                path: at(PAGES.emailCode),
                element: <PageGuard />,
                children: [
                  {
                    id: 'routes/email-code',
                    index: true,
                    lazy: page(() => import('./routes/email-code'), ['auth', 'security']),
                  },
                ],
              },
              {
                id: 'routes/password',
                path: at(PAGES.password),
                lazy: page(() => import('./routes/password'), ['auth']),
              },
              {
                id: 'routes/reset-password',
                path: at(PAGES.resetPassword),
                lazy: page(() => import('./routes/reset-password'), ['auth']),
              },
              {
                id: 'routes/update-user',
                path: at(PAGES.updateUser),
                lazy: page(() => import('./routes/update-user'), ['settings']),
              },
              {
                id: 'routes/mailbox',
                path: at(PAGES.mailbox),
                lazy: page(() => import('./routes/mailbox'), ['mailbox']),
              },
              { id: 'routes/not-found', path: '*', lazy: page(() => import('./routes/not-found'), []) },
            ],
          },
        ],
      },
      {
        id: 'layouts/services-layout#dashboard',
        path: at(PAGES.dashboard),
        lazy: services,
        children: [
          {
            element: <PageGuard />,
            children: [
              // /dashboard itself (a splat route does not match the parent's own path), then every other
              // dashboard address (contracts dashboard-addresses.ts): the route reads the section from the
              // path and answers an unknown one with the 404 page.
              { id: 'routes/dashboard', index: true, lazy: dashboard },
              { id: 'routes/dashboard#address', path: '*', lazy: dashboard },
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
