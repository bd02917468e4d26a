/**
 * /api/private/store staff calls (product.md "Staff calls": games, packages, add-ons, discounts; and the
 * panel locations' names in other languages, docs/decisions/242): admin
 * and master only, checked before anything of the request is read. Games and packages come as multipart
 * forms with their images (`@fastify/multipart`, at most UPLOAD_MAX_BYTES a file, 413 beyond), read
 * strictly (platform/requests/multipart-form.ts): a malformed form is a 400, never a 500.
 */
import {
  ADMIN_MESSAGES,
  addonBody,
  addonEditBody,
  addonsAdditionalData,
  adminAddon,
  adminDiscount,
  adminGame,
  adminLocation,
  adminPackage,
  deleteBody,
  discountBody,
  gameForm,
  locationNamesBody,
  packageForm,
  UPLOAD_MAX_BYTES,
} from '@falkenhost/contracts/admin';
import {
  gameSlotVariablesAnswer,
  gameVariablesAnswer,
  variableTexts,
  variableTextsBody,
} from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import { id as formId } from '@falkenhost/contracts/fields';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import {
  createAddon,
  deleteAddon,
  listAdminAddons,
  addonsAdditionalData as loadAddonsAdditionalData,
} from '../../../../catalog/admin/admin-addons';
import {
  createDiscount,
  deleteDiscount,
  listAdminDiscounts,
} from '../../../../catalog/admin/admin-discounts';
import {
  createGameFromForm,
  createPackageFromForm,
  updateGameFromForm,
} from '../../../../catalog/admin/admin-forms';
import { deleteGame, listAdminGames } from '../../../../catalog/admin/admin-games';
import { listAdminLocations, setLocationNames } from '../../../../catalog/admin/admin-locations';
import { deletePackage, listAdminPackages } from '../../../../catalog/admin/admin-packages';
import { fieldError, type StaffChange } from '../../../../catalog/admin/admin-rows';
import { setVariableTexts, withVariableTexts } from '../../../../catalog/variable-texts';
import { gameVariableStatus } from '../../../../panel/egg-variables';
import { gameSlotStatus } from '../../../../panel/slot-variables';
import type { AppContext } from '../../../../platform/context';
import { AppError } from '../../../../platform/errors';
import { readMultipartForm } from '../../../../platform/requests/multipart-form';
import { updateAddonAndServers, updatePackageFromForm } from '../../../../staff/catalog-edits';
import { authOf, guard } from '../../../guards';
import type { ZodApp } from '../../../zod-app';

const ok = z.object({ id: z.number().int() });

/**
 * Parses a multipart form (text fields and files) with a contract schema, the one the staff popup uses.
 * @throws AppError 400 validation with `errors: [{ msg, path }]`, the first in the spec's order
 *   (firstAdminMessage), as the popup shows it
 */
function parseForm<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const rank = (msg: string) => {
    const at = (ADMIN_MESSAGES as readonly string[]).indexOf(msg);
    return at === -1 ? ADMIN_MESSAGES.length : at;
  };
  const errors = result.error.issues.map((i) => ({ msg: i.message, path: i.path.join('.') }));
  throw new AppError(
    400,
    REASONS.validation,
    undefined,
    errors.sort((a, b) => rank(a.msg) - rank(b.msg)),
  );
}

function editId(fields: Record<string, string>): number {
  const parsed = formId.safeParse(fields.id);
  if (!parsed.success) throw fieldError('emptyFields', 'id');
  return parsed.data;
}

/** The file fields of the games and packages forms. */
const GAME_FILES = ['image', 'thumbnail'] as const;
const PACKAGE_FILES = ['thumbnail'] as const;

/** The staff change a request makes: its user, now. */
function change(ctx: AppContext, request: FastifyRequest): StaffChange {
  return { actorId: authOf(request).user.id, at: ctx.now() };
}

export default async function adminStoreRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guard(fastify, 'verified', ['admin', 'master']));
  // Forms are read in the handlers (platform/requests/multipart-form.ts), after the guard, so that every malformed body
  // is a client error; a JSON route of this scope sent multipart gets no body and fails its schema.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 40, parts: 42, fieldSize: 64 * 1024 },
  });

  registerGameRoutes(app);
  registerPackageRoutes(app);
  registerAddonRoutes(app);
  registerLocationRoutes(app);
  registerDiscountRoutes(app);
}

/** The Games tab: the games, added and edited with their images, their eggs' variables, deleted. */
function registerGameRoutes(app: ZodApp): void {
  const ctx = app.ctx;

  app.get('/games', { schema: { response: { 200: z.array(adminGame) } } }, async () => listAdminGames(ctx));

  app.post('/games', { schema: { response: { 201: adminGame } } }, async (request, reply) => {
    const form = await readMultipartForm(request, reply, GAME_FILES);
    const fields = parseForm(gameForm('add'), { ...form.fields, ...form.files });
    return reply.status(201).send(await createGameFromForm(ctx, change(ctx, request), fields, form.files));
  });

  app.put('/games', { schema: { response: { 200: adminGame } } }, async (request, reply) => {
    const form = await readMultipartForm(request, reply, GAME_FILES);
    const id = editId(form.fields);
    const fields = parseForm(gameForm('edit'), { ...form.fields, ...form.files });
    return updateGameFromForm(ctx, change(ctx, request), id, fields, form.files);
  });

  app.get(
    '/game-variables',
    { schema: { querystring: z.object({ id: formId }), response: { 200: gameVariablesAnswer } } },
    async (request) =>
      withVariableTexts(ctx, request.query.id, await gameVariableStatus(ctx, request.query.id)),
  );

  // A variable's label and help for customers per language (docs/decisions/438).
  app.put(
    '/variable-texts',
    { schema: { body: variableTextsBody, response: { 200: variableTexts } } },
    async (request) => setVariableTexts(ctx, change(ctx, request), request.body),
  );

  app.get(
    '/game-slots',
    { schema: { querystring: z.object({ id: formId }), response: { 200: gameSlotVariablesAnswer } } },
    async (request) => gameSlotStatus(ctx, request.query.id),
  );

  app.delete('/games', { schema: { body: deleteBody, response: { 200: ok } } }, async (request) => {
    await deleteGame(ctx, change(ctx, request), request.body.id);
    return { id: request.body.id };
  });
}

/** The Packages tab: the packages, added and edited with their thumbnails, deleted. */
function registerPackageRoutes(app: ZodApp): void {
  const ctx = app.ctx;

  app.get('/packages', { schema: { response: { 200: z.array(adminPackage) } } }, async () =>
    listAdminPackages(ctx),
  );

  app.post('/packages', { schema: { response: { 201: adminPackage } } }, async (request, reply) => {
    const form = await readMultipartForm(request, reply, PACKAGE_FILES);
    const fields = parseForm(packageForm('add'), { ...form.fields, ...form.files });
    return reply.status(201).send(await createPackageFromForm(ctx, change(ctx, request), fields, form.files));
  });

  app.put('/packages', { schema: { response: { 200: adminPackage } } }, async (request, reply) => {
    const form = await readMultipartForm(request, reply, PACKAGE_FILES);
    const id = editId(form.fields);
    const fields = parseForm(packageForm('edit'), { ...form.fields, ...form.files });
    return updatePackageFromForm(ctx, change(ctx, request), id, fields, form.files.thumbnail);
  });

  app.delete('/packages', { schema: { body: deleteBody, response: { 200: ok } } }, async (request) => {
    await deletePackage(ctx, change(ctx, request), request.body.id);
    return { id: request.body.id };
  });
}

/** The Add-ons tab: what the add-on form offers, the add-ons, added, edited (with their servers), deleted. */
function registerAddonRoutes(app: ZodApp): void {
  const ctx = app.ctx;

  app.get('/addons-additional-data', { schema: { response: { 200: addonsAdditionalData } } }, async () =>
    loadAddonsAdditionalData(ctx),
  );

  app.get('/addons', { schema: { response: { 200: z.array(adminAddon) } } }, async () =>
    listAdminAddons(ctx),
  );

  app.post(
    '/addons',
    { schema: { body: addonBody, response: { 201: adminAddon } } },
    async (request, reply) =>
      reply.status(201).send(await createAddon(ctx, change(ctx, request), request.body)),
  );

  app.put('/addons', { schema: { body: addonEditBody, response: { 200: adminAddon } } }, async (request) =>
    updateAddonAndServers(ctx, change(ctx, request), request.body.id, request.body),
  );

  app.delete('/addons', { schema: { body: deleteBody, response: { 200: ok } } }, async (request) => {
    await deleteAddon(ctx, change(ctx, request), request.body.id);
    return { id: request.body.id };
  });
}

/** The Locations tab: the panel's locations, with their names in the other languages (docs/decisions/242). */
function registerLocationRoutes(app: ZodApp): void {
  const ctx = app.ctx;

  app.get('/locations', { schema: { response: { 200: z.array(adminLocation) } } }, async () =>
    listAdminLocations(ctx),
  );

  app.put(
    '/locations',
    { schema: { body: locationNamesBody, response: { 200: adminLocation } } },
    async (request) =>
      setLocationNames(
        ctx,
        change(ctx, request),
        request.body.id,
        request.body.translations,
        request.body.name,
      ),
  );
}

/** The Discounts tab: the discount codes, added and deleted. */
function registerDiscountRoutes(app: ZodApp): void {
  const ctx = app.ctx;

  app.get('/discounts', { schema: { response: { 200: z.array(adminDiscount) } } }, async () =>
    listAdminDiscounts(ctx),
  );

  app.post(
    '/discounts',
    { schema: { body: discountBody, response: { 201: adminDiscount } } },
    async (request, reply) =>
      reply.status(201).send(await createDiscount(ctx, change(ctx, request), request.body)),
  );

  app.delete('/discounts', { schema: { body: deleteBody, response: { 200: ok } } }, async (request) => {
    await deleteDiscount(ctx, change(ctx, request), request.body.id);
    return { id: request.body.id };
  });
}
