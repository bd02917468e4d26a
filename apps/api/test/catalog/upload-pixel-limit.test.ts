/**
 * Decompression bombs (issue 28 point 8; services/uploads.ts): an image whose header gives more than
 * 25 million pixels is refused with 413 file-too-large before anything decodes it, also three at once,
 * and the images that are decoded go through at most two at a time.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECODE_SLOTS, imageDecodes, MAX_INPUT_PIXELS } from '../../src/catalog/uploads';
import { type Product, registerStaff, type Session, startProduct } from '../harness';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header says `width` x `height` but whose pixel data is a few bytes: its header reads, any
 * decoding fails. So a 413 proves the refusal came from the header, a 400 file-type that it was decoded.
 */
function headerOnlyPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function gameForm(name: string, image: Buffer, thumbnail: Buffer): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ name, desktop: 'true', active: 'true', priority: '3' }))
    form.append(k, v);
  form.append('image', new Blob([new Uint8Array(image)]), 'image.png');
  form.append('thumbnail', new Blob([new Uint8Array(thumbnail)]), 'thumb.png');
  return form;
}

describe('image pixel limit and decode gate', () => {
  let product: Product;
  let master: Session;
  let small: Buffer;

  beforeAll(async () => {
    product = await startProduct('sqlite');
    const m = await registerStaff(product, 'master');
    master = m.session;
    small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => product?.close());

  const gameCount = async () =>
    Number(
      (
        await product.server.ctx.db
          .selectFrom('games')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses three 50-megapixel uploads at once with 413 file-too-large, none of them decoded', async () => {
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
    // A real 10 000 x 5 000 picture of one colour: small as a file, 150 MB once decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#336699' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const games = await gameCount();
    const decodes = imageDecodes.started;
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        master.request('POST', '/api/private/store/games', gameForm(`Bomb ${i}`, bomb, small)),
      ),
    );
    for (const res of answers)
      expect({ status: res.status, body: res.body }).toEqual({
        status: 413,
        body: { reason: 'file-too-large', errors: [{ msg: 'fileTooLarge', path: 'image' }] },
      });
    expect(imageDecodes.started).toBe(decodes);
    expect(await gameCount()).toBe(games);
  });

  it('reads the pixel count from the header: 50 MP of header alone is a 413, 0.01 MP of header alone a failed decode (400)', async () => {
    const decodes = imageDecodes.started;
    const big = await master.request(
      'POST',
      '/api/private/store/games',
      gameForm('Header Bomb', headerOnlyPng(10_000, 5_000), small),
    );
    expect({ status: big.status, body: big.body }).toEqual({
      status: 413,
      body: { reason: 'file-too-large', errors: [{ msg: 'fileTooLarge', path: 'image' }] },
    });
    // 900 MP: above sharp's own default limit too, still read and refused as too large.
    const huge = await master.request(
      'POST',
      '/api/private/store/games',
      gameForm('Header Giant', headerOnlyPng(30_000, 30_000), small),
    );
    expect({ status: huge.status, body: huge.body }).toEqual({
      status: 413,
      body: { reason: 'file-too-large', errors: [{ msg: 'fileTooLarge', path: 'image' }] },
    });
    expect(imageDecodes.started).toBe(decodes);
    const tiny = await master.request(
      'POST',
      '/api/private/store/games',
      gameForm('Header Only', headerOnlyPng(100, 100), small),
    );
    expect({ status: tiny.status, body: tiny.body }).toEqual({
      status: 400,
      body: { reason: 'file-type', errors: [{ msg: 'fileType', path: 'image' }] },
    });
    expect(imageDecodes.started).toBe(decodes + 1);
  });

  it(`decodes at most ${DECODE_SLOTS} images at a time when many uploads come together`, async () => {
    const image = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#aa3311' } })
      .png()
      .toBuffer();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        master.request('POST', '/api/private/store/games', gameForm(`Gate ${i}`, image, small)),
      ),
    );
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(imageDecodes.peak).toBeGreaterThanOrEqual(1);
    expect(imageDecodes.peak).toBeLessThanOrEqual(DECODE_SLOTS);
  });
});
