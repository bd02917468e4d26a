/**
 * happy-dom's page and the real product in the test's own process, for component tests that reach into
 * the product (its database, its mailer, the harness's sessions). The customer's tests that need none of that
 * run it in a worker instead (product.ts).
 */
import { type Product, startProduct } from '../../../api/test/harness';
import { happyDOM } from './happy-dom';

/**
 * Starts the product in this test's own process (SQLite, emulators; the demo catalogue unless `seed` is
 * false) and points happy-dom's page at `path` on it (default /dashboard), for tests that reach into the
 * product: its database, its mailer, the harness's sessions. happy-dom's fetch is then the server's too,
 * so its calls to the emulators (the seed's: another path of the same port, not the page's origin at
 * first) are freed from the page's same-origin policy. Call in `beforeAll`; `close` it in `afterAll`.
 */
export async function startProductInPage(options: { seed?: boolean; path?: string } = {}): Promise<Product> {
  happyDOM().settings.fetch.disableSameOriginPolicy = true;
  const product = await startProduct('sqlite', { seed: options.seed ?? true });
  happyDOM().setURL(`${product.url}${options.path ?? '/dashboard'}`);
  return product;
}
