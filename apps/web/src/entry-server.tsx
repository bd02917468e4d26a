/**
 * The server's entry: renders a page with the same components, routes and providers the browser hydrates
 * (built by `vite build --ssr`, loaded by apps/api/src/site; decisions/090-server-rendered-pages.md).
 */
import type { Language } from '@falkenhost/contracts/constants';
import type { RenderPage } from '@falkenhost/contracts/ssr';
import { WEB_NAMESPACES, webLocale } from '@falkenhost/locales/web';
import { QueryClient } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { PageFactsContext } from './lib/page-facts';
import { RenderQueryClient } from './lib/server-data';

const handler = createStaticHandler(routes);
const instances = new Map<Language, Promise<I18n>>();

async function resources(language: string): Promise<Record<string, Record<string, unknown>>> {
  const entries = await Promise.all(
    WEB_NAMESPACES.map(async (namespace) => {
      const load = webLocale(language, namespace);
      return [namespace, load ? (await load()).default : {}] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** An i18next instance of one language with every client namespace loaded (and English to fall back on). */
function serverI18n(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    instance = (async () => {
      const i18n = createInstance();
      const [own, english] = await Promise.all([resources(language), resources('en')]);
      await i18n.use(initReactI18next).init({
        lng: language,
        fallbackLng: 'en',
        ns: [...WEB_NAMESPACES],
        defaultNS: 'common',
        resources: { [language]: own, en: english },
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
      return i18n;
    })();
    instances.set(language, instance);
  }
  return instance;
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
  return html;
}

/**
 * The HTML of #root for `url` rendered from `facts`, and the ids of the routes it matched (their modules'
 * stylesheets go into the page's head).
 */
export const renderPage: RenderPage = async (url, facts) => {
  const i18n = await serverI18n(facts.language);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`the routes answered ${url} with a response`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  for (const [key, data] of facts.queries) queryClient.setQueryData(key, data);
  // A component that throws inside a Suspense boundary leaves the boundary to the browser: the page is
  // still sent, and the error reported to the server's log.
  const errors: string[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageFactsContext.Provider value={facts}>
        <RenderQueryClient.Provider value={queryClient}>
          <AppProvider i18n={i18n}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </RenderQueryClient.Provider>
      </PageFactsContext.Provider>
    </StrictMode>,
    // One document, no boundary outlined for progressive display: React's scripts that would reveal an
    // outlined one are inline (the pages' CSP refuses them) and a page without JavaScript must show whole.
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    },
  );
  queryClient.clear();
  const html = await text(prelude);
  return { html, routeIds: context.matches.map((match) => match.route.id), errors };
};
