/**
 * The demo opened at a loopback alias of PUBLIC_URL comes back to that host from Mollie's checkout, so
 * its session cookies come along (issue 30, docs/decisions/245); production never follows a Host header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnBase } from '../../src/platform/requests/origin-check';
import {
  billingAddress,
  DATABASES,
  type Product,
  payAtCheckout,
  registerVerified,
  startProduct,
} from '../harness';

describe('the return address of a payment', () => {
  const demo = { mode: 'demo' as const, publicUrl: 'http://localhost:3000', port: 3000 };
  const production = { mode: 'production' as const, publicUrl: 'https://falkenhost.example', port: 3000 };

  it('follows the page to a loopback alias of PUBLIC_URL in the demo', () => {
    expect(returnBase(demo, { headers: { origin: 'http://127.0.0.1:3000' } })).toBe('http://127.0.0.1:3000');
    expect(returnBase(demo, { headers: { host: '127.0.0.1:3000' } })).toBe('http://127.0.0.1:3000');
    expect(returnBase(demo, { headers: { origin: 'http://localhost:3000' } })).toBe('http://localhost:3000');
  });

  it('stays at PUBLIC_URL for any other host, and always in production', () => {
    expect(returnBase(demo, { headers: { origin: 'http://127.0.0.1:4000' } })).toBe('http://localhost:3000');
    expect(returnBase(demo, { headers: { host: 'evil.example' } })).toBe('http://localhost:3000');
    expect(returnBase(demo, { headers: { host: 'bad host' } })).toBe('http://localhost:3000');
    expect(returnBase(demo, { headers: {} })).toBe('http://localhost:3000');
    expect(returnBase(production, { headers: { origin: 'http://127.0.0.1:3000' } })).toBe(
      'https://falkenhost.example',
    );
    expect(returnBase(production, { headers: { host: 'evil.example' } })).toBe('https://falkenhost.example');
  });
});

describe.each(DATABASES)('returning from the checkout on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => product?.close());

  it('sends the browser back to the host the order was placed from', async () => {
    const { session } = await registerVerified(product);
    // The harness's PUBLIC_URL is 127.0.0.1; the customer opened the demo at localhost.
    const alias = product.url.replace('127.0.0.1', 'localhost');
    const res = await fetch(`${product.url}/api/private/store/order-credits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: alias, cookie: session.cookieHeader() },
      body: JSON.stringify({
        ...billingAddress,
        referrer: '',
        discountCode: '',
        creditsAmount: 100,
        paymentMethod: 'creditCard',
      }),
    });
    expect(res.status).toBe(200);
    const { link } = (await res.json()) as { link: string };
    const payment = product.server.emulators!.mollie.payment(link.split('/').pop()!);
    expect(payment.redirectUrl).toMatch(new RegExp(`^${alias}/dashboard/shop\\?order=`));
    await payAtCheckout(link);

    // From the page at PUBLIC_URL itself (or a client without Origin) it is PUBLIC_URL.
    const own = await session.post('/api/private/store/order-credits', {
      ...billingAddress,
      referrer: '',
      discountCode: '',
      creditsAmount: 100,
      paymentMethod: 'creditCard',
    });
    const ownPayment = product.server.emulators!.mollie.payment(own.body.link.split('/').pop());
    expect(ownPayment.redirectUrl).toMatch(new RegExp(`^${product.url}/dashboard/shop\\?order=`));
  });
});
