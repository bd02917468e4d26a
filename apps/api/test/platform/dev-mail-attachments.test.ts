/**
 * The demo mailbox shows what a mail carries (issue 30): the invoice mail's PDF is listed with name,
 * size and a link that downloads the very bytes that were attached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingAddress,
  DATABASES,
  type Product,
  payAtCheckout,
  registerVerified,
  startProduct,
  waitFor,
} from '../harness';

interface Mail {
  id: number;
  to: string;
  attachments: Array<{ filename: string; contentType: string; size: number; url: string }>;
}

describe.each(DATABASES)('demo mailbox attachments on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { seed: false });
  });
  afterAll(async () => product?.close());

  it('lists the invoice PDF of the invoice mail and downloads it', async () => {
    const { session, email } = await registerVerified(product);
    const order = await session.post('/api/private/store/order-credits', {
      ...billingAddress,
      referrer: '',
      discountCode: '',
      creditsAmount: 100,
      paymentMethod: 'creditCard',
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    await payAtCheckout(order.body.link);
    const mail = await waitFor(
      async () =>
        ((await session.get('/api/dev/mail')).body as Mail[]).find(
          (m) => m.to === email && m.attachments.length > 0,
        ),
      (m) => m !== undefined,
    );
    const [file] = mail!.attachments;
    expect(file).toMatchObject({
      filename: expect.stringMatching(/^invoice-\d{4}-\d{6}\.pdf$/),
      contentType: 'application/pdf',
      url: `/api/dev/mail/${mail!.id}/attachments/0`,
    });
    const res = await fetch(`${product.url}${file!.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${file!.filename}"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(file!.size);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await fetch(`${product.url}/api/dev/mail/${mail!.id}/attachments/1`)).status).toBe(404);
    expect((await fetch(`${product.url}/api/dev/mail/999999/attachments/0`)).status).toBe(404);
  });
});
