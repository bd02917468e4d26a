/**
 * Cross-site writes refused (issue 28 point 8; plugins/origin-check.ts): every POST, PUT, PATCH and
 * DELETE under /api, read from Fastify's route table so a new route cannot be forgotten, answers 403
 * forbidden to a foreign Origin, to `Origin: null` and to `Sec-Fetch-Site: cross-site`, before its guard
 * (anonymous or logged in alike) and before its body is read; our own origin (and the demo's loopback
 * names of its port), and requests without either header, go on as before; Mollie's webhook is exempt.
 */
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedOrigins } from '../../src/platform/requests/origin-check';
import { DATABASES, type Product, registerStaff, routesOf, type Session, startProduct } from '../harness';

const refused = { reason: 'forbidden', message: 'origin' };
const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** A session's cookie header (its jar is private; raw requests below carry the same login). */
function cookieOf(session: Session): string {
  const jar = (session as unknown as { cookies: Map<string, string> }).cookies;
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('allowed origins', () => {
  it("are PUBLIC_URL's origin, and in the demo also localhost, 127.0.0.1 and [::1] on its port", () => {
    expect([
      ...allowedOrigins({ mode: 'production', publicUrl: 'https://host.example', port: 3000 }),
    ]).toEqual(['https://host.example']);
    expect(allowedOrigins({ mode: 'demo', publicUrl: 'http://localhost:3000', port: 3000 })).toEqual(
      new Set(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']),
    );
  });
});

describe.each(DATABASES)('cross-site writes on %s', (kind) => {
  let product: Product;
  let master: Session;
  let writes: { method: string; url: string }[];

  beforeAll(async () => {
    product = await startProduct(kind);
    const m = await registerStaff(product, 'master');
    master = m.session;
    writes = routesOf(product).filter(
      (r) =>
        STATE_CHANGING.includes(r.method) && r.url.startsWith('/api/') && !r.url.startsWith('/api/webhooks/'),
    );
  });
  afterAll(async () => product?.close());

  async function send(method: string, url: string, headers: Record<string, string>, body = '{}') {
    const res = await fetch(`${product.url}${url.replace(/:\w+/g, '1')}`, {
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  it('finds the writes of every family in the route table', () => {
    for (const family of [
      '/api/auth/',
      '/api/private/store/',
      '/api/private/servers/',
      '/api/private/users/',
    ])
      expect(
        writes.some((r) => r.url.startsWith(family)),
        family,
      ).toBe(true);
  });

  it('answers every write 403 to a foreign Origin, Origin null and Sec-Fetch-Site cross-site, anonymous or logged in as master', async () => {
    const cookie = cookieOf(master);
    for (const { method, url } of writes) {
      const cases: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: `${product.url}.evil.example` },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example', cookie },
        { 'sec-fetch-site': 'cross-site', cookie },
      ];
      for (const headers of cases) {
        const res = await send(method, url, headers, '{not even json');
        expect(res, `${method} ${url} ${JSON.stringify(headers)}`).toEqual({ status: 403, body: refused });
      }
    }
  });

  it("lets writes from our own origin, the demo's loopback names of its port and clients without Origin through", async () => {
    const port = new URL(product.url).port;
    const cases: Record<string, string>[] = [
      {},
      { origin: product.url },
      { origin: `http://localhost:${port}` },
      { origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of cases) {
      // Wrong credentials: the route itself answers (401), not the origin check.
      const res = await send(
        'POST',
        '/api/auth/login',
        headers,
        JSON.stringify({ email: 'a@b.c', password: 'x' }),
      );
      expect(res.status, JSON.stringify(headers)).not.toBe(403);
      expect(res.body?.reason, JSON.stringify(headers)).not.toBe('forbidden');
    }
    // Reads are not writes: a foreign page may read what is public.
    const read = await fetch(`${product.url}/api/public/store/games`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(read.status).toBe(200);
  });

  it('leaves the login of a cross-site logout and the catalogue of a cross-site staff form as they were', async () => {
    const cookie = cookieOf(master);
    const logout = await send('POST', '/api/auth/logout', { origin: 'https://evil.example', cookie });
    expect(logout.status).toBe(403);
    expect((await master.get('/api/auth/me')).status).toBe(200);

    // A form posted by a foreign page's <form enctype="multipart/form-data"> needs no preflight.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Cross Site',
      desktop: 'true',
      active: 'true',
      priority: '1',
    }))
      form.append(k, v);
    form.append('image', new Blob([new Uint8Array(png)]), 'a.png');
    form.append('thumbnail', new Blob([new Uint8Array(png)]), 'b.png');
    const res = await fetch(`${product.url}/api/private/store/games`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: form,
    });
    expect(res.status).toBe(403);
    const rows = await product.server.ctx.db
      .selectFrom('games')
      .select('id')
      .where('name', '=', 'Cross Site')
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers before the body is read: a foreign write whose body never comes is refused at once', async () => {
    const url = new URL(`${product.url}/api/private/store/games`);
    const answer = await new Promise<{ status: number; body: string; connection?: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: {
              origin: 'https://evil.example',
              cookie: cookieOf(master),
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': String(50 * 1024 * 1024),
            },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () => {
              req.destroy();
              resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection });
            });
          },
        );
        req.on('error', reject);
        // Only the headers and a first few bytes are sent; the other 50 MB never are.
        req.write('--x\r\n');
      },
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual(refused);
    expect(answer.connection).toBe('close');
  });

  it('lets Mollie call its webhook, which comes from another server without a page', async () => {
    const res = await fetch(`${product.url}/api/webhooks/mollie`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://api.mollie.com' },
      body: 'id=tr_unknown123',
    });
    expect(res.status).toBe(200);
  });
});
