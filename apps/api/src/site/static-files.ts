/** The client's files, read at start-up (decisions/088-web-files-compression-caching.md). */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

export interface StaticFile {
  /** the URL path, e.g. /assets/index-abc123.js */
  path: string;
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  /** headers every answer of this file carries */
  headers: Record<string, string>;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Hashed build output (Vite writes /assets/name-<hash>.ext): never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other files at fixed names (favicon, game artwork): a short lifetime, then revalidated by ETag. */
export const SHORT = 'public, max-age=3600';

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    // Vite's build manifest (.vite/) is for the page server (renderer.ts), not for visitors.
    if (name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** Every file of `root` but index.html, hidden ones and the compressed variants, keyed by URL path. */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const full of walk(root)) {
    if (full.endsWith('.br') || full.endsWith('.gz')) continue;
    const path = `/${relative(root, full).split(sep).join('/')}`;
    if (path === '/index.html') continue;
    const body = readFileSync(full);
    const read = (suffix: string) => (existsSync(full + suffix) ? readFileSync(full + suffix) : undefined);
    const br = read('.br');
    const gzip = read('.gz');
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': path.startsWith('/assets/') ? IMMUTABLE : SHORT,
      etag,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    };
    if (br || gzip) headers.vary = 'Accept-Encoding';
    files.set(path, { path, body, br, gzip, headers, etag });
  }
  return files;
}
