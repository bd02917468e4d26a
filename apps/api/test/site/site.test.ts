/**
 * Issue 11, part 2: /partners and /contact come from configuration. The demo's content folder
 * (apps/api/site-content) gives three partners and four sample documents in English and Czech; the company
 * is SUPPLIER_*; a language without a document gets the English one; only whitelisted names reach the
 * file system; an operator's folder may hold PDF and HTML; a broken partners.json stops the start.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE_DOCUMENTS } from '@falkenhost/contracts/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteContent } from '../../src/platform/site-content';
import { DATABASES, type Product, startProduct } from '../harness';

/** GET answering the raw text and headers (documents are not JSON). */
async function raw(product: Product, path: string) {
  const res = await fetch(`${product.url}${path}`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe.each(DATABASES)('public site content on %s (demo defaults)', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { seed: false });
  });
  afterAll(async () => product?.close());

  it('lists three partners, each with a description, an address and social links', async () => {
    const res = await product.session().get('/api/public/site/partners');
    expect(res.status).toBe(200);
    expect(res.body.partners).toHaveLength(3);
    for (const partner of res.body.partners) {
      expect(partner.name).toMatch(/\w/);
      expect(partner.description.length).toBeGreaterThan(20);
      expect(partner.url).toMatch(/^https:\/\//);
      expect(partner.social.length).toBeGreaterThan(0);
      for (const link of partner.social) {
        expect(link.network).toMatch(/^[a-z]+$/);
        expect(link.url).toMatch(/^https:\/\//);
      }
    }
  });

  it('gives the partners’ descriptions in the asked language, and refuses an unknown language', async () => {
    const session = product.session();
    const en = await session.get('/api/public/site/partners?lang=en');
    const de = await session.get('/api/public/site/partners?lang=de');
    expect(de.body.partners.map((p: { name: string }) => p.name)).toEqual(
      en.body.partners.map((p: { name: string }) => p.name),
    );
    expect(de.body.partners[0].description).not.toBe(en.body.partners[0].description);
    expect(de.body.partners[0].description).toMatch(/Community|Wettbewerb/);
    const bad = await session.get('/api/public/site/partners?lang=xx');
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toBe('validation');
  });

  it("answers the company's details from SUPPLIER_* and the four documents in English", async () => {
    const res = await product.session().get('/api/public/site/company?lang=en');
    expect(res.status).toBe(200);
    const { supplier } = product.server.ctx.config;
    expect(res.body).toMatchObject({
      name: supplier.name,
      addressLines: supplier.addressLines,
      companyId: supplier.companyId,
      email: supplier.email,
      vatPayer: false,
    });
    expect(res.body.documents.map((d: { id: string }) => d.id)).toEqual([...SITE_DOCUMENTS]);
    for (const document of res.body.documents) {
      expect(document).toMatchObject({ language: 'en', format: 'md' });
      expect(document.url).toBe(`/api/public/site/documents/en/${document.id}`);
    }
  });

  it('serves a document as a download with its content type, saying it is a sample', async () => {
    const res = await raw(product, '/api/public/site/documents/en/general-terms');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="general-terms-en.md"');
    expect(res.text).toMatch(/SAMPLE DOCUMENT/);
    expect(res.text).toMatch(/not legal advice/);
  });

  it('falls back to English for a language without its own file, and uses a language’s own file', async () => {
    const company = await product.session().get('/api/public/site/company?lang=sk');
    expect(company.body.documents).toHaveLength(4);
    for (const document of company.body.documents) {
      expect(document.language).toBe('en');
      expect(document.url).toBe(`/api/public/site/documents/sk/${document.id}`);
    }
    const slovak = await raw(product, '/api/public/site/documents/sk/privacy-policy');
    expect(slovak.status).toBe(200);
    expect(slovak.headers.get('content-disposition')).toContain('privacy-policy-en.md');
    expect(slovak.text).toMatch(/^# Privacy Policy — SAMPLE/);

    const czech = await raw(product, '/api/public/site/documents/cs/privacy-policy');
    expect(czech.status).toBe(200);
    expect(czech.headers.get('content-disposition')).toContain('privacy-policy-cs.md');
    expect(czech.text).toMatch(/VZOROVÝ DOKUMENT/);
    const czechList = await product.session().get('/api/public/site/company?lang=cs');
    expect(czechList.body.documents.every((d: { language: string }) => d.language === 'cs')).toBe(true);
  });

  it('answers 404 not-found for an unknown document or language', async () => {
    const session = product.session();
    for (const path of [
      '/api/public/site/documents/en/cookie-policy',
      '/api/public/site/documents/xx/general-terms',
      '/api/public/site/documents/EN/general-terms',
      '/api/public/site/documents/en/general-terms.md',
    ]) {
      const res = await session.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ reason: 'not-found' });
    }
  });

  it('never serves a file outside the whitelist, however the path is written', async () => {
    for (const path of [
      '/api/public/site/documents/en/..%2F..%2Fpartners.json',
      '/api/public/site/documents/en/%2e%2e%2fcs%2fgeneral-terms',
      '/api/public/site/documents/..%2F..%2F..%2Fpackage.json/general-terms',
      '/api/public/site/documents/en/..%5C..%5Cpartners.json',
      '/api/public/site/documents/en/%2Fetc%2Fpasswd',
      '/api/public/site/documents/en/general-terms%00.md',
    ]) {
      const res = await raw(product, path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toMatch(/partners|"name"|root:/);
    }
  });
});

describe('an operator’s content folder', () => {
  let dir: string;
  let product: Product;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'falkenhost-site-'));
    mkdirSync(join(dir, 'documents', 'en'), { recursive: true });
    mkdirSync(join(dir, 'documents', 'de'), { recursive: true });
    writeFileSync(join(dir, 'documents', 'en', 'general-terms.pdf'), '%PDF-1.4\n% terms\n%%EOF\n');
    writeFileSync(join(dir, 'documents', 'en', 'privacy-policy.html'), '<h1>Privacy</h1>');
    writeFileSync(join(dir, 'documents', 'de', 'privacy-policy.md'), '# Datenschutz');
    writeFileSync(join(dir, 'documents', 'en', 'notes.txt'), 'not a document');
    product = await startProduct('sqlite', {
      seed: false,
      configure: (config) => ({ ...config, siteContentDir: dir }),
    });
  });
  afterAll(async () => {
    await product?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers only the documents it has, each in its own format, and no partners without partners.json', async () => {
    const session = product.session();
    expect((await session.get('/api/public/site/partners')).body).toEqual({ partners: [] });
    const de = await session.get('/api/public/site/company?lang=de');
    expect(de.body.documents).toEqual([
      {
        id: 'general-terms',
        language: 'en',
        format: 'pdf',
        url: '/api/public/site/documents/de/general-terms',
      },
      {
        id: 'privacy-policy',
        language: 'de',
        format: 'md',
        url: '/api/public/site/documents/de/privacy-policy',
      },
    ]);
    const pdf = await raw(product, '/api/public/site/documents/de/general-terms');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="general-terms-en.pdf"');
    const html = await raw(product, '/api/public/site/documents/fr/privacy-policy');
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('content-security-policy')).toContain('sandbox');
    expect((await session.get('/api/public/site/documents/en/aml-policy')).status).toBe(404);
  });

  it('stops the start naming partners.json when it is broken', () => {
    writeFileSync(join(dir, 'partners.json'), JSON.stringify({ partners: [{ id: 'x', name: 'X' }] }));
    expect(() => loadSiteContent(dir)).toThrow(/partners\.json[\s\S]*description/);
    writeFileSync(join(dir, 'partners.json'), '{ not json');
    expect(() => loadSiteContent(dir)).toThrow(/partners\.json is not valid JSON/);
    rmSync(join(dir, 'partners.json'));
  });
});
