/**
 * The scripts a public page's client code loads lazily (its route chunk, the layout chunk around it and
 * the page's translations), read from Vite's build manifest (apps/web/dist/.vite/manifest.json), so the
 * served HTML can name them as `<link rel="modulepreload">`. The browser then fetches them alongside
 * the entry script instead of one level after another, and Vite's own preload helper finds the links
 * already in the document and adds none at run time (each added link cost the phone's main thread
 * time while the page was starting).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@falkenhost/contracts/constants';

/** One chunk of Vite's manifest (the fields used here). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The client's source files of each lazily loaded public page (apps/web/src/app/router.tsx). */
const SERVICES_LAYOUT = 'src/app/layouts/services-layout.tsx';
const PAGE_SOURCES: Record<string, { sources: string[]; namespaces: string[] }> = {
  hosting: { sources: [SERVICES_LAYOUT, 'src/app/routes/hosting.tsx'], namespaces: ['common', 'catalog'] },
  game: { sources: [SERVICES_LAYOUT, 'src/app/routes/game.tsx'], namespaces: ['common', 'catalog'] },
  partners: { sources: [SERVICES_LAYOUT, 'src/app/routes/partners.tsx'], namespaces: ['common', 'site'] },
  contact: { sources: [SERVICES_LAYOUT, 'src/app/routes/contact.tsx'], namespaces: ['common', 'site'] },
  home: { sources: [], namespaces: ['common', 'home'] },
};

/** `kind` and language -> the URL paths (/assets/...) to preload; unknown kinds have none. */
export type RoutePreloads = (kind: string, language: Language) => string[];

/**
 * Reads the manifest of the web build in `webDist` once. Without a manifest (an older build) no page
 * gets preloads, which only makes its scripts load later.
 * @returns a lookup that answers from memory; chunks index.html loads already are left out
 */
export function loadRoutePreloads(webDist: string): RoutePreloads {
  const file = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => [];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) continue;
      into.add(chunk.file);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const inIndex = closure(['index.html']);
  const cache = new Map<string, string[]>();
  return (kind, language) => {
    const page = PAGE_SOURCES[kind];
    if (!page) return [];
    const key = `${kind}:${language}`;
    let paths = cache.get(key);
    if (!paths) {
      const translations = page.namespaces.map((ns) => `src/i18n/locales/${language}/${ns}.json`);
      paths = [...closure([...page.sources, ...translations])]
        .filter((path) => !inIndex.has(path))
        .map((path) => `/${path}`);
      cache.set(key, paths);
    }
    return paths;
  };
}
