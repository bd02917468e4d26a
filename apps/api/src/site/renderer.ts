/**
 * The web client's server entry (apps/web/dist-server/entry-server.js, built by `vite build --ssr`) and
 * the stylesheets each of its routes needs, from the client build's manifest
 * (decisions/090-server-rendered-pages.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageFacts, RenderPage } from '@falkenhost/contracts/ssr';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A page rendered by the client's components, with the stylesheets its routes' chunks load. */
export interface RenderedHtml {
  html: string;
  /** URLs ("/assets/…css") beyond the entry's, which index.html links already */
  stylesheets: string[];
  /** errors components threw while rendering, for the log */
  errors: string[];
}

export type PageRenderer = (url: string, facts: PageFacts) => Promise<RenderedHtml>;

/** The CSS files of a chunk and of every chunk it imports statically (the ones loaded with it). */
function cssOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [...(chunk.imports ?? []).flatMap((next) => cssOf(manifest, next, seen)), ...(chunk.css ?? [])];
}

/**
 * Loads the server entry and the manifest of a built client.
 * @param webDist the client build (apps/web/dist); its server entry is beside it in dist-server
 * @returns the renderer, or null when the client was built without its server entry
 */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer | null> {
  const entry = join(webDist, '..', 'dist-server', 'entry-server.js');
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestFile)) return null;
  const { renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryCss = new Set(
    Object.keys(manifest)
      .filter((key) => manifest[key]?.isEntry)
      .flatMap((key) => cssOf(manifest, key)),
  );
  // A route's id names its module under src/app (apps/web/src/app/router.tsx); "#…" tells two apart.
  const byRoute = new Map<string, string[]>();
  const stylesheetsOf = (routeId: string): string[] => {
    let files = byRoute.get(routeId);
    if (!files) {
      files = cssOf(manifest, `src/app/${routeId.split('#')[0]}.tsx`).filter((file) => !entryCss.has(file));
      byRoute.set(routeId, files);
    }
    return files;
  };
  return async (url, facts) => {
    const { html, routeIds, errors } = await renderPage(url, facts);
    const stylesheets = [...new Set(routeIds.flatMap(stylesheetsOf))].map((file) => `/${file}`);
    return { html, stylesheets, errors };
  };
}
