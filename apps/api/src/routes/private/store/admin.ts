/**
 * /api/private/store staff calls (spec 7 "Admin": games, packages, add-ons, discounts; issue 10): admin
 * and master only, checked before anything of the request is read. Games and packages come as multipart
 * forms with their images (`@fastify/multipart`, at most UPLOAD_MAX_BYTES a file, 413 beyond).
 */
import {
  addonBody,
  addonEditBody,
  addonsAdditionalData,
  adminAddon,
  adminDiscount,
  adminGame,
  adminPackage,
  deleteBody,
  discountBody,
  gameFields,
  packageFields,
  UPLOAD_MAX_BYTES,
} from '@falkenhost/contracts/admin';
import { gameVariablesAnswer } from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import { id as formId } from '@falkenhost/contracts/fields';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { AppError } from '../../../lib/errors';
import { authOf, guard } from '../../../plugins/auth';
import {
  createAddon,
  createDiscount,
  deleteAddon,
  deleteDiscount,
  listAdminAddons,
  listAdminDiscounts,
  addonsAdditionalData as loadAddonsAdditionalData,
  updateAddon,
} from '../../../services/admin-addons';
import {
  createGame,
  deleteGame,
  fieldError,
  listAdminGames,
  type StaffChange,
  updateGame,
} from '../../../services/admin-games';
import {
  createPackage,
  deletePackage,
  listAdminPackages,
  updatePackage,
} from '../../../services/admin-packages';
import { gameVariableStatus } from '../../../services/egg-variables';
import { prepareImage } from '../../../services/uploads';

const ok = z.object({ id: z.number().int() });

/**
 * Parses a multipart form's text fields with a contract schema.
 * @throws AppError 400 validation with `errors: [{ msg, path }]` as schema validation answers
 */
function parseForm<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw new AppError(
    400,
    REASONS.validation,
    undefined,
    result.error.issues.map((i) => ({ msg: i.message, path: i.path.join('.') })),
  );
}

/** The bytes of a file part, or undefined when none was chosen (an empty part). */
function fileOf(body: unknown, name: string): Buffer | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return Buffer.isBuffer(value) && value.length > 0 ? value : undefined;
}

function editId(body: unknown): number {
  const parsed = formId.safeParse((body as Record<string, unknown> | undefined)?.id);
  if (!parsed.success) throw fieldError('emptyFields', 'id');
  return parsed.data;
}

export default async function adminStoreRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.addHook('onRequest', guard(fastify, 'verified', ['admin', 'master']));
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 40, parts: 42, fieldSize: 64 * 1024 },
  });

  const change = (request: FastifyRequest): StaffChange => ({
    actorId: authOf(request).user.id,
    at: ctx.now(),
  });

  // ---- games
  app.get('/games', { schema: { response: { 200: z.array(adminGame) } } }, async () => listAdminGames(ctx));

  app.post('/games', { schema: { response: { 201: adminGame } } }, async (request, reply) => {
    const fields = parseForm(gameFields, request.body);
    const image = fileOf(request.body, 'image');
    const thumbnail = fileOf(request.body, 'thumbnail');
    if (!image) throw fieldError('noImage', 'image');
    if (!thumbnail) throw fieldError('noThumbnail', 'thumbnail');
    const prepared = {
      image: await prepareImage(image, 'image'),
      thumbnail: await prepareImage(thumbnail, 'thumbnail'),
    };
    return reply.status(201).send(await createGame(ctx, change(request), fields, prepared));
  });

  app.put('/games', { schema: { response: { 200: adminGame } } }, async (request) => {
    const id = editId(request.body);
    const fields = parseForm(gameFields, request.body);
    const image = fileOf(request.body, 'image');
    const thumbnail = fileOf(request.body, 'thumbnail');
    return updateGame(ctx, change(request), id, fields, {
      image: image && (await prepareImage(image, 'image')),
      thumbnail: thumbnail && (await prepareImage(thumbnail, 'thumbnail')),
    });
  });

  app.get(
    '/game-variables',
    { schema: { querystring: z.object({ id: formId }), response: { 200: gameVariablesAnswer } } },
    async (request) => gameVariableStatus(ctx, request.query.id),
  );

  app.delete('/games', { schema: { body: deleteBody, response: { 200: ok } } }, async (request) => {
    await deleteGame(ctx, change(request), request.body.id);
    return { id: request.body.id };
  });

  // ---- packages
  app.get('/packages', { schema: { response: { 200: z.array(adminPackage) } } }, async () =>
    listAdminPackages(ctx),
  );

  app.post('/packages', { schema: { response: { 201: adminPackage } } }, async (request, reply) => {
    const fields = parseForm(packageFields, request.body);
    const thumbnail = fileOf(request.body, 'thumbnail');
    if (!thumbnail) throw fieldError('noThumbnail', 'thumbnail');
    const prepared = await prepareImage(thumbnail, 'thumbnail');
    return reply.status(201).send(await createPackage(ctx, change(request), fields, prepared));
  });

  app.put('/packages', { schema: { response: { 200: adminPackage } } }, async (request) => {
    const id = editId(request.body);
    const fields = parseForm(packageFields, request.body);
    const thumbnail = fileOf(request.body, 'thumbnail');
    return updatePackage(
      ctx,
      change(request),
      id,
      fields,
      thumbnail && (await prepareImage(thumbnail, 'thumbnail')),
    );
  });

  app.delete('/packages', { schema: { body: deleteBody, response: { 200: ok } } }, async (request) => {
    await deletePackage(ctx, change(request), request.body.id);
    return { id: request.body.id };
  });

  // ---- add-ons
  app.get('/addons-additional-data', { schema: { response: { 200: addonsAdditionalData } } }, async () =>
    loadAddonsAdditionalData(ctx),
  );

  app.get('/addons', { schema: { response: { 200: z.array(adminAddon) } } }, async () =>
    listAdminAddons(ctx),
  );

  app.post(
    '/addons',
    { schema: { body: addonBody, response: { 201: adminAddon } } },
    async (request, reply) => reply.status(201).send(await createAddon(ctx, change(request), request.body)),
  );

  app.put('/addons', { schema: { body: addonEditBody, response: { 200: adminAddon } } }, async (request) =>
    updateAddon(ctx, change(request), request.body.id, request.body),
  );

  app.delete('/addons', { schema: { body: deleteBody, response: { 200: ok } } }, async (request) => {
    await deleteAddon(ctx, change(request), request.body.id);
    return { id: request.body.id };
  });

  // ---- discounts
  app.get('/discounts', { schema: { response: { 200: z.array(adminDiscount) } } }, async () =>
    listAdminDiscounts(ctx),
  );

  app.post(
    '/discounts',
    { schema: { body: discountBody, response: { 201: adminDiscount } } },
    async (request, reply) =>
      reply.status(201).send(await createDiscount(ctx, change(request), request.body)),
  );

  app.delete('/discounts', { schema: { body: deleteBody, response: { 200: ok } } }, async (request) => {
    await deleteDiscount(ctx, change(request), request.body.id);
    return { id: request.body.id };
  });
}
