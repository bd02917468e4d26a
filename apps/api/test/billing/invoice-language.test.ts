/**
 * The customer's Billing list in the page's language (issue 30): a description written at issue in the
 * account's language is written again in the language the web client asks in, dates included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInvoiceDate } from '../../src/billing/invoice-format';
import {
  billingAddress,
  DATABASES,
  minecraftOffer,
  type Product,
  payAtCheckout,
  registerVerified,
  startProduct,
  waitFor,
} from '../harness';
import { readPdf } from './pdf-text';

describe.each(DATABASES)('invoices in the page language on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind);
  });
  afterAll(async () => product?.close());

  it('writes the description and its dates in the language the list is asked in', async () => {
    const { session } = await registerVerified(product);
    const { pkg, location, egg } = await minecraftOffer(session);
    const order = await session.post('/api/private/store/order-package', {
      ...billingAddress,
      referrer: '',
      discountCode: '',
      name: 'Lobby',
      paymentMethod: 'creditCard',
      packageId: pkg.id,
      eggId: egg,
      locationId: location.id,
      addonIds: '[]',
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    await payAtCheckout(order.body.link);
    const list = async (language: string) => {
      session.acceptLanguage = `${language}, *;q=0.5`;
      return (await session.get('/api/private/billing/invoices')).body as Array<{
        description: string;
        issued_at: string;
      }>;
    };
    const english = await waitFor(
      () => list('en'),
      (rows) => rows.length === 1,
    );
    expect(english[0]!.description).toMatch(/^Server Lobby \(Minecraft Starter\), 1 month: /);
    const from = Date.parse(english[0]!.issued_at);

    const czech = (await list('cs'))[0]!.description;
    expect(czech).toMatch(/^Server Lobby \(Minecraft Starter\), 1 měsíc: /);
    expect(czech).toContain(formatInvoiceDate('cs', from));
    expect(czech).not.toContain(formatInvoiceDate('en', from));
    expect((await list('de'))[0]!.description).toContain(`1 Monat: ${formatInvoiceDate('de', from)}`);
    expect((await list('fr'))[0]!.description).toMatch(/^Serveur Lobby .*1 mois : /);
    expect((await list('sk'))[0]!.description).toContain('1 mesiac');
  });

  it("prints the customer's country by name in the invoice's language, not as its code", async () => {
    const pdfText = async (language: string) => {
      const { session, username } = await registerVerified(product);
      await product.server.ctx.db
        .updateTable('users')
        .set({ language })
        .where('username', '=', username)
        .execute();
      const order = await session.post('/api/private/store/order-credits', {
        ...billingAddress,
        country: 'CZ',
        referrer: '',
        discountCode: '',
        creditsAmount: 100,
        paymentMethod: 'creditCard',
      });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      await payAtCheckout(order.body.link);
      const [invoice] = await waitFor(
        async () => (await session.get('/api/private/billing/invoices')).body as Array<{ pdf_url: string }>,
        (rows) => rows.length === 1,
      );
      const res = await fetch(`${product.url}${invoice!.pdf_url}`, {
        headers: { cookie: session.cookieHeader() },
      });
      expect(res.status).toBe(200);
      return (await readPdf(Buffer.from(await res.arrayBuffer()))).pages.join(' ');
    };
    const czech = await pdfText('cs');
    expect(czech).toContain('Brno Česko');
    expect(czech).not.toMatch(/\bCZ\b(?! ?\d)/);
    expect(await pdfText('de')).toContain('Brno Tschechien');
    expect(await pdfText('en')).toContain('Brno Czechia');
  });
});
