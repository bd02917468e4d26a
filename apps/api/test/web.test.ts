import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Product, startProduct } from './harness';

// The built web client is served with an SPA fallback; the API and missing files are never the app.
// `npm test` builds before the tests run.
describe('serving the web client', () => {
  beforeAll(() => {
    const { webDist } = loadConfig({ APP_MODE: 'demo', DATA_DIR: '/tmp/falkenhost-config-probe' });
    if (!existsSync(webDist)) throw new Error(`no web build at ${webDist}: run npm run build first`);
  });
  let product: Product;
  beforeAll(async () => {
    product = await startProduct('sqlite', { seed: false });
  });
  afterAll(async () => product?.close());

  it('answers client routes with the app and unknown API or files with 404', async () => {
    for (const path of ['/', '/hosting', '/dashboard?order=abc', '/game/1']) {
      const res = await fetch(`${product.url}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    const api = await fetch(`${product.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ reason: 'not-found' });
    expect((await fetch(`${product.url}/assets/missing-chunk.js`)).status).toBe(404);
  });
});
