/**
 * Where the pages may send forms (issue 28 point 8; web/index.ts, plugins/security-headers.ts): the
 * Content-Security-Policy's form-action names our own origin and Mollie's checkout only (the demo's
 * emulator path, or www.mollie.com for Mollie's API), never any https: or http: address.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/platform/config';
import { mollieCheckoutSource } from '../../src/platform/security-headers';
import { type Product, startProduct } from '../harness';

/** A built web client of one page and one script, enough for the pages' routes (web/pages.ts). */
function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'falkenhost-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-test.js'), 'export {};\n');
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Falkenhost</title>\n' +
      '    <script type="module" crossorigin src="/assets/index-test.js"></script>\n  </head>\n' +
      '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  return dir;
}

/** The form-action directive of a page's CSP, as its list of sources. */
function formAction(csp: string | null): string[] {
  const directive = (csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('form-action '));
  return directive?.split(/\s+/).slice(1) ?? [];
}

describe('mollieCheckoutSource', () => {
  it("is www.mollie.com for Mollie's API and the configured API's own path otherwise", () => {
    expect(mollieCheckoutSource('https://api.mollie.com')).toBe('https://www.mollie.com');
    expect(mollieCheckoutSource('https://api.mollie.com/')).toBe('https://www.mollie.com');
    expect(mollieCheckoutSource('http://localhost:3000/_emulators/mollie')).toBe(
      'http://localhost:3000/_emulators/mollie/',
    );
    expect(mollieCheckoutSource('https://mollie.staging.example/')).toBe('https://mollie.staging.example/');
  });
});

describe.each([
  ['the demo', (c: Config) => c, (url: string) => `${url}/_emulators/mollie/`],
  [
    "Mollie's API",
    (c: Config) => ({ ...c, mollie: { ...c.mollie, apiUrl: 'https://api.mollie.com' } }),
    () => 'https://www.mollie.com',
  ],
] as const)("the pages' form-action with %s", (_label, mollie, checkout) => {
  let product: Product;
  const webDist = fakeWebBuild();
  beforeAll(async () => {
    product = await startProduct('sqlite', { seed: false, configure: (c) => ({ ...mollie(c), webDist }) });
  });
  afterAll(async () => {
    await product?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("is 'self' and Mollie's checkout, nothing else", async () => {
    for (const path of ['/', '/login', '/dashboard', '/no-such-page']) {
      const res = await fetch(`${product.url}${path}`);
      await res.arrayBuffer();
      expect(formAction(res.headers.get('content-security-policy')), path).toEqual([
        "'self'",
        checkout(product.url),
      ]);
    }
  });
});
