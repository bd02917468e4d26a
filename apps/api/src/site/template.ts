/** The built index.html cut where each page's parts go, and the script starting the client after it. */
import { createHash } from 'node:crypto';
import { ACCEPT_COOKIES_ATTRIBUTE, cookiesAcceptedCookie } from '@falkenhost/contracts/ssr';
import { jsonForScript } from '../platform/html';

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
 * The inline script that loads the client's entry and its preloads, one per task at low priority, once the
 * page has loaded and its first contentful paint is on screen, or after 3 s (decisions/091-client-start-up.md).
 * @param entry the entry module's URL (`/assets/index-….js`)
 * @param preloads the URLs of its `<link rel="modulepreload">`s, in order
 */
export function startScript(entry: string, preloads: readonly string[]): string {
  const urls = jsonForScript({
    entry,
    preloads,
    accept: ACCEPT_COOKIES_ATTRIBUTE,
    cookie: cookiesAcceptedCookie(false),
    secureCookie: cookiesAcceptedCookie(true),
  }).toString();
  // Until React listens, a submit is held (a native one would send the form's fields in the address) and it
  // and a button's click are kept for the client to hand over (app/early-input.ts, reactTakesOver). The
  // cookie notice's accept is also done at once (cookie set, notice hidden): a link followed before the
  // hand-over would lose the kept click, and the next page would ask again.
  // sessionStorage is opened here, before the first paint: its first use is two calls the page waits on
  // (the browser's storage permission, then the area's contents), and React Router opens it as it is
  // created, which made that the start-up's most stretched task (decision 091).
  return `(function(){try{window.sessionStorage.length}catch(x){}var u=${urls},d=document,w=window,P=w.PerformanceObserver,started=0,e=w.__fhEarly={clicks:[],submits:[],react:false},live=function(){return e.react};d.addEventListener('submit',function(v){if(live())return;v.preventDefault();e.submits.push(v.target)},true);d.addEventListener('click',function(v){if(live())return;var b=v.target&&v.target.closest&&v.target.closest('button');if(b&&b.type!=='submit')e.clicks.push(b);if(b&&b.hasAttribute(u.accept)){d.cookie=location.protocol==='https:'?u.secureCookie:u.cookie;var n=b.closest('.fh-cookie-notice');if(n)n.style.display='none'}},true);function start(){if(started)return;started=1;var s=d.createElement('script');s.type='module';s.crossOrigin='';s.fetchPriority='low';s.src=u.entry;d.head.appendChild(s);preload(0)}function preload(i){var h=u.preloads[i];if(h===undefined)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.fetchPriority='low';l.href=h;d.head.appendChild(l);setTimeout(preload,0,i+1)}function later(){requestAnimationFrame(function(){setTimeout(start)})}var loaded=0,painted=!(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0);function ready(){if(loaded&&painted)later()}if(!painted)new P(function(l){if(l.getEntriesByName('first-contentful-paint').length){painted=1;ready()}}).observe({type:'paint',buffered:true});w.addEventListener('load',function(){loaded=1;ready()});setTimeout(start,3000)})()`;
}

/** @throws Error when index.html lacks the parts the pages fill in (a changed index.html) */
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
