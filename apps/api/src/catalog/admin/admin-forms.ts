/**
 * Games and packages as staff send them: multipart forms with image files. The files are checked and
 * scaled (uploads.ts) before the row is written, so a refused image writes nothing.
 */
import type { AdminGame, AdminPackage, GameFields, PackageFields } from '@falkenhost/contracts/admin';
import type { AppContext } from '../../platform/context';
import { prepareImage } from '../uploads';
import { createGame, updateGame } from './admin-games';
import { createPackage } from './admin-packages';
import { fieldError, type StaffChange } from './admin-rows';

/**
 * POST /api/private/store/games (product.md "API calls"): adds a game with its image and thumbnail.
 * @param files the form's file parts (raw bytes), both required
 * @throws AppError 400 validation (noImage, noThumbnail), 400 file-type and 413 file-too-large (uploads.ts),
 *   and as createGame
 */
export async function createGameFromForm(
  ctx: AppContext,
  change: StaffChange,
  fields: GameFields,
  files: { image?: Buffer | undefined; thumbnail?: Buffer | undefined },
): Promise<AdminGame> {
  const { image, thumbnail } = files;
  if (!image) throw fieldError('noImage', 'image');
  if (!thumbnail) throw fieldError('noThumbnail', 'thumbnail');
  const prepared = {
    image: await prepareImage(image, 'image'),
    thumbnail: await prepareImage(thumbnail, 'thumbnail'),
  };
  return createGame(ctx, change, fields, prepared);
}

/**
 * PUT /api/private/store/games (product.md "API calls"): edits game `id`; an image is replaced only when its
 * file is given.
 * @throws AppError 400 file-type and 413 file-too-large (uploads.ts), and as updateGame
 */
export async function updateGameFromForm(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  fields: GameFields,
  files: { image?: Buffer | undefined; thumbnail?: Buffer | undefined },
): Promise<AdminGame> {
  const { image, thumbnail } = files;
  return updateGame(ctx, change, id, fields, {
    image: image && (await prepareImage(image, 'image')),
    thumbnail: thumbnail && (await prepareImage(thumbnail, 'thumbnail')),
  });
}

/**
 * POST /api/private/store/packages (product.md "API calls"): adds a package with its thumbnail.
 * @param files the form's file parts (raw bytes), the thumbnail required
 * @throws AppError 400 validation (noThumbnail), 400 file-type and 413 file-too-large (uploads.ts), and as
 *   createPackage
 */
export async function createPackageFromForm(
  ctx: AppContext,
  change: StaffChange,
  fields: PackageFields,
  files: { thumbnail?: Buffer | undefined },
): Promise<AdminPackage> {
  if (!files.thumbnail) throw fieldError('noThumbnail', 'thumbnail');
  return createPackage(ctx, change, fields, await prepareImage(files.thumbnail, 'thumbnail'));
}
