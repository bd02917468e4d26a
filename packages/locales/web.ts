/**
 * The web client's namespaces, each language's file its own chunk loaded on demand (Vite's glob import;
 * the server's namespaces mail, invoice and seo are left out of the client's build).
 */

export const WEB_NAMESPACES = [
  'common',
  'home',
  'catalog',
  'site',
  'auth',
  'dashboard',
  'store',
  'servers',
  'settings',
  'security',
  'mailbox',
  'admin',
] as const;
export type WebNamespace = (typeof WEB_NAMESPACES)[number];

const loaders = import.meta.glob<{ default: Record<string, unknown> }>(
  './*/{common,home,catalog,site,auth,dashboard,store,servers,settings,security,mailbox,admin}.json',
);

/**
 * The loader of one namespace in one language, or undefined when that file does not exist (a language
 * the translators have not delivered yet).
 */
export function webLocale(
  language: string,
  namespace: string,
): (() => Promise<{ default: Record<string, unknown> }>) | undefined {
  return loaders[`./${language}/${namespace}.json`];
}
