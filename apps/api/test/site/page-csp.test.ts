/**
 * Where the pages may send forms (issue 28 point 8; site/page-csp.ts, platform/requests/security-headers.ts): the
 * Content-Security-Policy's form-action names our own origin and Mollie's checkout only (the demo's
 * emulator path, or www.mollie.com for Mollie's API), never any https: or http: address. The pages are the
 * real build's (the server renders them with the client's server entry, which a stand-in build lacks).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/platform/config';
import { mollieCheckoutSource } from '../../src/platform/requests/security-headers';
import { type Product, startProduct } from '../harness';

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
  beforeAll(async () => {
    product = await startProduct('sqlite', { seed: false, configure: mollie });
  });
  afterAll(async () => product?.close());

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
