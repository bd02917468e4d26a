/**
 * The built index.html of the web client, cut where each page's parts go, and the inline script that
 * loads the client's code once the page's first screen is drawn.
 */
import { createHash } from 'node:crypto';
import { jsonForScript, raw } from '../platform/html';

/** The built index.html cut where the page's parts go. */
export interface Template {
  beforeLang: string;
  beforeHeadEnd: string;
  beforeRoot: string;
  afterRoot: string;
  /** the CSP source that allows the inline start script (`'sha256-…'`), for the pages' script-src */
  startScriptSource: string;
}

/**
 * The attribute that marks a page's first-screen elements (its Largest Contentful Paint candidates: the
 * home page's title and lead, the first game images of /hosting, a game's banner) for the Element Timing
 * API; startScript waits for the browser to report one painted.
 */
export const FIRST_SCREEN = raw(' elementtiming="first-screen"');

/**
 * The inline script that loads the client's entry module and its module preloads once the page's first
 * screen has been drawn from the HTML:
 * - where the browser reports painted elements (Element Timing, Chromium) and the page marks some
 *   (`FIRST_SCREEN`), in the task after the first of them is reported, which is after it is on screen;
 * - elsewhere, in the task after the first frame following the load event (stylesheets and images in);
 * - after 3 s in any case (a tab opened in the background draws nothing).
 * The preloads follow the entry one per task (an inserted link cost the main thread 1 to 7 ms in
 * Lighthouse's traces, and four in one task up to 29 ms), all at low priority as before.
 *
 * The page is complete and its links work without JavaScript, so nothing waits for the scripts that a
 * visitor sees; requested in the HTML, their downloads competed with the stylesheet and the first
 * screen's images, and Lighthouse's simulation of a phone counted them as work before the Largest
 * Contentful Paint (LCP about 2.5 s; 1.0 to 1.9 s without them). docs/decisions/091-client-start-up.md.
 * @param entry the entry module's URL (`/assets/index-….js`)
 * @param preloads the URLs of its `<link rel="modulepreload">`s, in order
 */
export function startScript(entry: string, preloads: readonly string[]): string {
  const urls = jsonForScript({ entry, preloads }).toString();
  return `(function(){var u=${urls},d=document,w=window,P=w.PerformanceObserver,started=0;function start(){if(started)return;started=1;var s=d.createElement('script');s.type='module';s.crossOrigin='';s.fetchPriority='low';s.src=u.entry;d.head.appendChild(s);preload(0)}function preload(i){var h=u.preloads[i];if(h===undefined)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.fetchPriority='low';l.href=h;d.head.appendChild(l);setTimeout(preload,0,i+1)}function later(){setTimeout(start)}var timing=!!(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('element')>=0);if(timing)new P(later).observe({type:'element',buffered:true});w.addEventListener('load',function(){if(!timing||!d.querySelector('[elementtiming]'))requestAnimationFrame(later)});setTimeout(start,3000)})()`;
}

/**
 * @throws Error when index.html lacks the parts the pages fill in (a changed index.html)
 */
export function parseTemplate(indexHtml: string): Template {
  // The page is drawn from the HTML; the scripts that make it interactive load after it (startScript).
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('apps/web/dist/index.html lacks <script type="module" crossorigin src=…>');
  const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const preloads = [...indexHtml.matchAll(preloadTag)].map((m) => m[1] as string);
  const script = startScript(entry[1] as string, preloads);
  const cleaned = indexHtml
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(entry[0], `\n    <script>${script}</script>`)
    .replace(preloadTag, '');
  const lang = cleaned.indexOf('<html lang="en"');
  const headEnd = cleaned.indexOf('</head>');
  const root = cleaned.indexOf('<div id="root"></div>');
  if (lang < 0 || headEnd < 0 || root < 0) {
    throw new Error('apps/web/dist/index.html lacks <html lang="en", </head> or <div id="root"></div>');
  }
  const langEnd = lang + '<html lang="'.length;
  return {
    beforeLang: cleaned.slice(0, langEnd),
    beforeHeadEnd: cleaned.slice(langEnd + 2, headEnd),
    beforeRoot: cleaned.slice(headEnd, root),
    afterRoot: cleaned.slice(root + '<div id="root"></div>'.length),
    startScriptSource: `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  };
}
