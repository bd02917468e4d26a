/**
 * Reading the server-rendered pages in tests: the raw HTTP answer (compression undone by hand), the page's
 * visible text as a reader sees it (tags dropped, entities decoded), and the facts the browser hydrates from.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PageFacts } from '@falkenhost/contracts/ssr';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A plain HTTP request (fetch would ask for and undo compression by itself, and follow redirects). */
export function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body of a raw answer as text, brotli or gzip undone. */
export function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

/** The HTML React rendered into #root (up to the facts script that follows it). */
export function rootHtml(html: string): string {
  const at = html.indexOf('<div id="root">');
  if (at < 0) throw new Error('no #root in the page');
  const root = html.slice(at);
  const end = root.indexOf('<script type="application/json"');
  return end < 0 ? root : root.slice(0, end);
}

/** Decodes the character references HTML may carry (React writes &#x27; where others write &#39;). */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

/** Text with every run of white space (no-break spaces included) made one space. */
export function squeezed(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

/**
 * The visible text of #root: tags, inline styles and React's text separators dropped, entities decoded,
 * white space squeezed. Tests compare it with the locales' strings, never with component markup or classes.
 */
export function visibleText(html: string): string {
  const text = rootHtml(html)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ');
  return squeezed(decodeEntities(text));
}

/** The value of every attribute `name` in #root, decoded (links' href...). */
export function attributes(html: string, name: string): string[] {
  const pattern = new RegExp(`\\s${name}="([^"]*)"`, 'g');
  return [...rootHtml(html).matchAll(pattern)].map((match) => decodeEntities(match[1] ?? ''));
}

const FACTS = /<script type="application\/json" id="fh-facts">([\s\S]*?)<\/script>/;

/** The facts script's text as written in the page (to check its escaping). */
export function factsText(html: string): string {
  const text = FACTS.exec(html)?.[1];
  if (text === undefined) throw new Error('no facts script in the page');
  return text;
}

/** The facts the page was rendered from, as the browser reads them back before hydrating. */
export function pageFacts(html: string): PageFacts {
  return JSON.parse(factsText(html)) as PageFacts;
}

/** The inline scripts of a page: every <script> without src that is not JSON data. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs = '']) => !/\bsrc=/.test(attrs) && !/type="application\/json"/.test(attrs))
    .map(([, , body = '']) => body);
}
