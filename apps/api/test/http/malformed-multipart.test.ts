/**
 * Malformed bodies on the staff game and package forms (issue 28 point 8): every kind of broken
 * multipart body, and bodies of the wrong kind, answer a 4xx of the error catalogue, never a 5xx, and
 * write nothing: no game or package row, no audit entry, no upload file. First the kinds an attacker's
 * probe found, by name; then fast-check's mutations of well-formed forms over the four routes.
 */
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type Product, registerStaff, type Session, startProduct } from '../harness';

const ROUTES = [
  { method: 'POST', path: '/api/private/store/games' },
  { method: 'PUT', path: '/api/private/store/games' },
  { method: 'POST', path: '/api/private/store/packages' },
  { method: 'PUT', path: '/api/private/store/packages' },
] as const;
type Route = (typeof ROUTES)[number];

const BOUNDARY = '----falkenhostProbe7MA4YWxkTrZu0gW';

/** One part of a form: text, or a file when `filename` is given. */
interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
}

/** A multipart body as a browser writes it, with CRLF (or, to break it, LF) line endings. */
function multipartBody(parts: Part[], eol = '\r\n', boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${
      part.filename !== undefined ? `; filename="${part.filename}"` : ''
    }`;
    const type = part.filename !== undefined ? `${eol}Content-Type: application/octet-stream` : '';
    chunks.push(Buffer.from(`--${boundary}${eol}${disposition}${type}${eol}${eol}`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from(eol));
  }
  chunks.push(Buffer.from(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

describe.each(DATABASES)('malformed staff forms on %s', (kind) => {
  let product: Product;
  let master: Session;
  let cookie: string;
  let png: Buffer;
  let gameId: number;
  let packageId: number;
  let packageFields: Record<string, string>;

  beforeAll(async () => {
    product = await startProduct(kind);
    const m = await registerStaff(product, 'master');
    master = m.session;
    // The raw requests below carry the master's login as the session does (its cookie jar is private).
    const jar = (master as unknown as { cookies: Map<string, string> }).cookies;
    cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    png = await sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 9, g: 99, b: 199 } } })
      .png()
      .toBuffer();
    const games = (await master.get('/api/private/store/games')).body;
    gameId = games.find((g: { name: string }) => g.name === 'Minecraft').id;
    const packages = (await master.get('/api/private/store/packages')).body;
    const pkg = packages[0];
    packageId = pkg.id;
    packageFields = {
      name: 'Probe Package',
      credits: '100',
      game: String(pkg.game_id),
      nodes: JSON.stringify(pkg.nodes),
      eggs: JSON.stringify(pkg.eggs),
      vcpu: '100',
      storage: '10',
      ram: '1024',
      databases: '0',
      backups: '0',
      ports: '0',
      active: 'true',
    };
  });
  afterAll(async () => product?.close());

  /** The parts of a complete, valid form of `route` (before any mutation). */
  function validParts(route: Route): Part[] {
    const isGame = route.path.endsWith('/games');
    const id = route.method === 'PUT' ? [{ name: 'id', value: String(isGame ? gameId : packageId) }] : [];
    const fields = isGame
      ? {
          name: 'Probe Game',
          desktop: 'true',
          console: 'false',
          mobile: 'false',
          active: 'true',
          priority: '4',
        }
      : packageFields;
    const files = isGame
      ? [
          { name: 'image', value: png, filename: 'image.png' },
          { name: 'thumbnail', value: png, filename: 'thumb.png' },
        ]
      : [{ name: 'thumbnail', value: png, filename: 'thumb.png' }];
    return [...id, ...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files];
  }

  async function send(
    route: { method: string; path: string },
    contentType: string | undefined,
    body?: Buffer,
  ) {
    const headers: Record<string, string> = { accept: 'application/json', cookie };
    if (contentType !== undefined) headers['content-type'] = contentType;
    const res = await fetch(`${product.url}${route.path}`, {
      method: route.method,
      headers,
      body: body === undefined ? undefined : new Uint8Array(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // kept as text: the assertion shows it
    }
    return { status: res.status, body: parsed as { reason?: string; message?: string } };
  }

  /** What a request may have written: rows, audit entries and upload files (temporary ones too). */
  async function written() {
    const { db, config } = product.server.ctx;
    const count = async (table: 'games' | 'packages' | 'audit_log') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    let uploads: string[] = [];
    try {
      uploads = readdirSync(config.uploadDir).sort();
    } catch {
      // no folder yet: no file
    }
    return {
      games: await count('games'),
      packages: await count('packages'),
      audit: await count('audit_log'),
      uploads,
    };
  }

  /** Sends a body and checks it was refused with a 4xx of the catalogue and left nothing behind. */
  async function expectRefused(route: Route, contentType: string | undefined, body: Buffer | undefined) {
    const before = await written();
    const res = await send(route, contentType, body);
    const label = `${route.method} ${route.path} ${contentType} ${JSON.stringify(res.body)}`;
    expect(res.status, label).toBeGreaterThanOrEqual(400);
    expect(res.status, label).toBeLessThan(500);
    expect(['validation', 'file-type', 'file-too-large'], label).toContain(res.body?.reason);
    expect(await written(), label).toEqual(before);
    return res;
  }

  it('takes the well-formed form on each route (the mutations below start from it)', async () => {
    for (const route of ROUTES) {
      const parts = validParts(route).map((p) =>
        p.name === 'name' ? { ...p, value: `${p.value} ${route.method}` } : p,
      );
      const res = await send(route, MULTIPART, multipartBody(parts));
      expect(res.status, `${route.method} ${route.path} ${JSON.stringify(res.body)}`).toBe(
        route.method === 'POST' ? 201 : 200,
      );
    }
  });

  describe.each(ROUTES)('$method $path', (route) => {
    const body = () => multipartBody(validParts(route));

    it('answers 400 multipart to a body without a boundary, with another boundary, truncated, with LF-only line endings, of random bytes', async () => {
      const full = body();
      const cases: [string, Buffer][] = [
        ['multipart/form-data', full],
        ['multipart/form-data; boundary=', full],
        ['multipart/form-data; boundary=another', full],
        [MULTIPART, full.subarray(0, full.length - 30)],
        [MULTIPART, full.subarray(0, 90)],
        [MULTIPART, multipartBody(validParts(route), '\n')],
        [MULTIPART, Buffer.from('\u0000\u0001not a form at all--\r\n')],
      ];
      for (const [type, bytes] of cases) {
        const res = await expectRefused(route, type, bytes);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ reason: 'validation', message: 'multipart' });
      }
    });

    it('answers 400 to JSON under a multipart type and 415 to JSON, text or no body at all', async () => {
      const json = Buffer.from(JSON.stringify({ name: 'Probe', priority: 1, desktop: true }));
      expect((await expectRefused(route, MULTIPART, json)).status).toBe(400);
      expect((await expectRefused(route, 'multipart/form-data', json)).status).toBe(400);
      for (const [type, bytes] of [
        ['application/json', json],
        ['text/plain', Buffer.from('name=Probe')],
        ['application/x-www-form-urlencoded', Buffer.from('name=Probe&priority=1')],
        [undefined, undefined],
      ] as const) {
        const res = await expectRefused(route, type, bytes);
        expect(res.status, String(type)).toBe(415);
        expect(res.body.reason).toBe('validation');
      }
    });

    it('answers 400 validation to an empty form, wrong field types, a name given twice and a file in a text field', async () => {
      const parts = validParts(route);
      const empty = await expectRefused(route, MULTIPART, Buffer.from(`--${BOUNDARY}--\r\n`));
      expect(empty.status).toBe(400);
      const wrongTypes = parts.map((p) =>
        ['priority', 'credits', 'nodes', 'id'].includes(p.name) ? { ...p, value: 'not-a-number[' } : p,
      );
      expect((await expectRefused(route, MULTIPART, multipartBody(wrongTypes))).status).toBe(400);
      const twice = [...parts, { name: 'name', value: 'Second Name' }];
      const dup = await expectRefused(route, MULTIPART, multipartBody(twice));
      expect(dup.body).toEqual({ reason: 'validation', errors: [{ msg: 'duplicate', path: 'name' }] });
      const fileAsText = parts.map((p) => (p.name === 'name' ? { ...p, value: png, filename: 'n.png' } : p));
      const notText = await expectRefused(route, MULTIPART, multipartBody(fileAsText));
      expect(notText.body).toEqual({ reason: 'validation', errors: [{ msg: 'notText', path: 'name' }] });
    });

    it('answers 400 file-type to text in a file field and 413 file-too-large to a file above the limit', async () => {
      const parts = validParts(route);
      const textAsFile = parts.map((p) =>
        p.name === 'thumbnail' ? { name: 'thumbnail', value: 'just some text' } : p,
      );
      const res = await expectRefused(route, MULTIPART, multipartBody(textAsFile));
      expect(res).toEqual({
        status: 400,
        body: { reason: 'file-type', errors: [{ msg: 'fileType', path: 'thumbnail' }] },
      });
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1)]);
      const oversize = parts.map((p) => (p.name === 'thumbnail' ? { ...p, value: big } : p));
      const tooLarge = await expectRefused(route, MULTIPART, multipartBody(oversize));
      expect(tooLarge).toEqual({
        status: 413,
        body: { reason: 'file-too-large', errors: [{ msg: 'fileTooLarge', path: 'thumbnail' }] },
      });
    });
  });

  it('closes the connection after refusing a form it has not read to the end (a large file under a text name)', async () => {
    const route = ROUTES[0];
    const big = Buffer.alloc(4 * 1024 * 1024, 7);
    const parts = [{ name: 'name', value: big, filename: 'big.bin' }, ...validParts(route)];
    const res = await fetch(`${product.url}${route.path}`, {
      method: route.method,
      headers: { accept: 'application/json', cookie, 'content-type': MULTIPART },
      body: new Uint8Array(multipartBody(parts)),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ reason: 'validation', errors: [{ msg: 'notText', path: 'name' }] });
    // The next request is answered as usual (on a new connection).
    expect((await master.get('/api/private/store/games')).status).toBe(200);
  });

  it('answers 400 to a multipart body on a JSON route of the same scope (DELETE game, POST add-on), 415 elsewhere', async () => {
    for (const route of [
      { method: 'DELETE', path: '/api/private/store/games' },
      { method: 'POST', path: '/api/private/store/addons' },
    ]) {
      const before = await written();
      const res = await send(route, MULTIPART, multipartBody([{ name: 'id', value: String(gameId) }]));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.reason).toBe('validation');
      expect(await written()).toEqual(before);
    }
    // Outside the staff scope no route takes multipart at all: 415.
    for (const route of [
      { method: 'POST', path: '/api/auth/login' },
      { method: 'POST', path: '/api/private/store/package-by-credits' },
    ]) {
      const res = await send(route, MULTIPART, multipartBody([{ name: 'x', value: png, filename: 'x.png' }]));
      expect(res.status, JSON.stringify(res.body)).toBe(415);
      expect(res.body.reason).toBe('validation');
    }
  });

  it('answers every mutation of a well-formed form with a 4xx of the catalogue or a success, never a 5xx, and writes nothing when it refuses', async () => {
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
      fc.record({
        kind: fc.constant('insert' as const),
        at: fc.nat(),
        bytes: fc.uint8Array({ maxLength: 24 }),
      }),
      fc.record({ kind: fc.constant('lf' as const) }),
      fc.record({
        kind: fc.constant('type' as const),
        type: fc.constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          `multipart/mixed; boundary=${BOUNDARY}`,
          'application/json',
          'text/plain',
          'application/octet-stream',
        ),
      }),
      fc.record({
        kind: fc.constant('part' as const),
        name: fc.constantFrom(
          'id',
          'name',
          'priority',
          'credits',
          'nodes',
          'image',
          'thumbnail',
          'extra',
          '',
        ),
        value: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('')),
        asFile: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('drop' as const), index: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (route, mutations) => {
          let parts = validParts(route);
          let type = MULTIPART;
          let eol = '\r\n';
          for (const m of mutations) {
            if (m.kind === 'part')
              parts = [
                ...parts,
                { name: m.name, value: m.value, ...(m.asFile ? { filename: 'f.bin' } : {}) },
              ];
            if (m.kind === 'drop' && parts.length > 0)
              parts = parts.filter((_, i) => i !== m.index % parts.length);
            if (m.kind === 'lf') eol = '\n';
            if (m.kind === 'type') type = m.type;
          }
          let bytes = multipartBody(parts, eol);
          for (const m of mutations) {
            if (m.kind === 'truncate') bytes = bytes.subarray(0, m.at % (bytes.length + 1));
            if (m.kind === 'flip' && bytes.length > 0) {
              bytes = Buffer.from(bytes);
              bytes[m.at % bytes.length] = m.byte;
            }
            if (m.kind === 'insert') {
              const at = m.at % (bytes.length + 1);
              bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(m.bytes), bytes.subarray(at)]);
            }
          }
          const before = await written();
          const res = await send(route, type, bytes);
          const label = `${route.method} ${route.path} ${JSON.stringify(mutations)} ${res.status} ${JSON.stringify(res.body)}`;
          expect(res.status, label).toBeLessThan(500);
          if (res.status >= 400) {
            expect(['validation', 'file-type', 'file-too-large', 'exists', 'not-found'], label).toContain(
              res.body?.reason,
            );
            expect(await written(), label).toEqual(before);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
