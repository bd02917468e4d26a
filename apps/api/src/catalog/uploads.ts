/**
 * Staff-uploaded images are untrusted: typed by their bytes, size-checked from the header, re-encoded
 * (docs/decisions/045-uploaded-images.md, 134-upload-pixel-limit.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_MIME_TYPES } from '@falkenhost/contracts/admin';
import { REASONS } from '@falkenhost/contracts/errors';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MINUTE_MS } from '../platform/clock';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';

export const UPLOADS_PREFIX = '/uploads/';
/** Largest side of a stored image, px. */
const MAX_SIDE = { image: 1920, thumbnail: 800 } as const;
/** Read from the header before anything is decoded; more is refused as too large (record 134). */
export const MAX_INPUT_PIXELS = 25_000_000;
/** Images decoded and re-encoded at once in this process: each holds its decoded pixels in memory. */
export const DECODE_SLOTS = 2;
/** Files younger than this are left by the sweep: their row may be on its way. */
const SWEEP_GRACE_MS = 10 * MINUTE_MS;

export interface PreparedImage {
  /** file name: sha256 of the bytes + .webp */
  name: string;
  bytes: Buffer;
}

/** A counting gate: at most `slots` tasks at once, the rest wait in order; `peak`, `started` for tests. */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  peak = 0;
  started = 0;

  constructor(private readonly slots: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    this.peak = Math.max(this.peak, this.running);
    this.started++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` never drops below what runs.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

export const imageDecodes = new Gate(DECODE_SLOTS);

/**
 * A refused file, naming its form field (`errors: [{ msg, path }]`, issue 44 part 3) so the popup shows the
 * message on that field; the reason stays file-type or file-too-large.
 */
function fileError(status: 400 | 413, field: string): AppError {
  const reason = status === 400 ? REASONS.fileType : REASONS.fileTooLarge;
  return new AppError(status, reason, undefined, [
    { msg: status === 400 ? 'fileType' : 'fileTooLarge', path: field },
  ]);
}

/**
 * Checks and re-encodes one uploaded file, at most DECODE_SLOTS at a time. Its type is found from its bytes
 * (a text file named fake.png is no image), whatever its name or declared type.
 * @param kind image (the game's large picture) or thumbnail, also the form field it came in
 * @throws AppError 400 file-type (no png, jpeg or webp that decodes), 413 file-too-large (pixels); both with
 *   `errors: [{ msg, path: kind }]`
 */
export async function prepareImage(file: Buffer, kind: keyof typeof MAX_SIDE): Promise<PreparedImage> {
  const type = await fileTypeFromBuffer(file);
  if (!type || !(UPLOAD_MIME_TYPES as readonly string[]).includes(type.mime)) throw fileError(400, kind);
  // The header only: sharp's own pixel limit is lifted to read it; ours applies below.
  const header = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height) throw fileError(400, kind);
  if (header.width * header.height > MAX_INPUT_PIXELS) throw fileError(413, kind);
  let bytes: Buffer;
  try {
    bytes = await imageDecodes.run(() =>
      sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: MAX_SIDE[kind], height: MAX_SIDE[kind], fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer(),
    );
  } catch {
    throw fileError(400, kind);
  }
  return { name: `${createHash('sha256').update(bytes).digest('hex')}.webp`, bytes };
}

/** Writes prepared images (a temporary name, then rename: a reader never sees half a file). @returns their URLs */
export async function storeImages(ctx: AppContext, images: PreparedImage[]): Promise<string[]> {
  await mkdir(ctx.config.uploadDir, { recursive: true });
  for (const image of images) {
    const temp = join(ctx.config.uploadDir, `.${image.name}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temp, image.bytes);
    await rename(temp, join(ctx.config.uploadDir, image.name));
  }
  return images.map((image) => `${UPLOADS_PREFIX}${image.name}`);
}

/** Names of upload files some game or package row refers to. */
async function referencedNames(ctx: AppContext): Promise<Set<string>> {
  const [games, packages] = await Promise.all([
    ctx.db.selectFrom('games').select(['image_url', 'thumbnail_url']).execute(),
    ctx.db.selectFrom('packages').select(['thumbnail_url']).execute(),
  ]);
  const urls = [
    ...games.flatMap((g) => [g.image_url, g.thumbnail_url]),
    ...packages.map((p) => p.thumbnail_url),
  ];
  return new Set(urls.filter((u) => u.startsWith(UPLOADS_PREFIX)).map((u) => u.slice(UPLOADS_PREFIX.length)));
}

/** Removes the files of `urls` no row refers to; failures are logged and left to the sweep. */
export async function discardImages(ctx: AppContext, urls: string[]): Promise<void> {
  const ours = urls.filter((u) => u.startsWith(UPLOADS_PREFIX)).map((u) => u.slice(UPLOADS_PREFIX.length));
  if (ours.length === 0) return;
  const used = await referencedNames(ctx);
  for (const name of ours) {
    if (used.has(name) || !/^[0-9a-f]{64}\.webp$/.test(name)) continue;
    await unlink(join(ctx.config.uploadDir, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') ctx.log.warn({ err: error, name }, 'could not remove an unused upload');
    });
  }
}

/** Removes upload and temporary files no row names, older than SWEEP_GRACE_MS. @returns how many */
export async function sweepUploads(ctx: AppContext): Promise<number> {
  let names: string[];
  try {
    names = await readdir(ctx.config.uploadDir);
  } catch {
    return 0;
  }
  const used = await referencedNames(ctx);
  const before = Date.now() - SWEEP_GRACE_MS;
  let removed = 0;
  for (const name of names) {
    if (used.has(name)) continue;
    const path = join(ctx.config.uploadDir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || info.mtimeMs > before) continue;
    await unlink(path).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}
