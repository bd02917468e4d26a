/**
 * /api/private/store (spec 7 "Public and store"): the customer store's data, referrer, discount check,
 * credit orders, package orders billed by credits and package orders paid monthly by card. Verified
 * customers only.
 */
import { adminPackagesAdditionalData } from '@falkenhost/contracts/admin';
import { packageVariablesAnswer } from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import {
  discountVerificationAnswer,
  discountVerificationBody,
  gameIdQuery,
  linkAnswer,
  orderCreditsBody,
  orderPackageBody,
  orderStatusAnswer,
  orderStatusQuery,
  packageByCreditsBody,
  packageIdQuery,
  referrerAnswer,
  referrerBody,
  referrerSetAnswer,
  storeAddon,
  storeLocation,
  storePackage,
} from '@falkenhost/contracts/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { referrerOf, setReferrer } from '../../../../billing/referrals';
import { adminPackagesAdditionalData as loadAdminPackagesAdditionalData } from '../../../../catalog/admin-games';
import { listGamePackages, toPublicPackage, toStoreAddon } from '../../../../catalog/catalog';
import { findValidDiscount } from '../../../../catalog/discounts';
import { addonsOfPackage, findOrderablePackage, packageLocations } from '../../../../catalog/packages';
import { roleOf } from '../../../../identity/roles';
import { orderPackageByCard } from '../../../../orders/card-checkout';
import { orderCredits } from '../../../../orders/credit-orders';
import { orderStatus } from '../../../../orders/order-view';
import { orderPackageByCredits } from '../../../../orders/package-by-credits';
import { packageVariableFields } from '../../../../panel/egg-variables';
import { nestsWithEggs } from '../../../../panel/nests';
import { AppError } from '../../../../platform/errors';
import { authOf, guard, userOf } from '../../../guards';

export default async function privateStoreRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.addHook('onRequest', guard(fastify, 'verified'));

  app.get(
    '/order-status',
    { schema: { querystring: orderStatusQuery, response: { 200: orderStatusAnswer } } },
    async (request) => orderStatus(ctx, authOf(request).user.id, request.query.order),
  );

  app.get('/referrer', { schema: { response: { 200: referrerAnswer } } }, async (request) => {
    const username = await referrerOf(ctx.db, authOf(request).user.id);
    if (!username) throw new AppError(404, REASONS.notFound);
    return [{ username }];
  });

  app.post(
    '/referrer',
    { schema: { body: referrerBody, response: { 200: referrerSetAnswer } } },
    async (request) => ({
      referrer: await setReferrer(ctx.db, authOf(request).user.id, request.body.referrer, ctx.now()),
    }),
  );

  app.get(
    '/available-users-packages',
    { schema: { querystring: gameIdQuery, response: { 200: z.array(storePackage) } } },
    async (request) => {
      const game = await ctx.db
        .selectFrom('games')
        .select(['id', 'name'])
        .where('id', '=', request.query.gameId)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!game) throw new AppError(404, REASONS.notFound);
      const packages = await listGamePackages(ctx.db, game.id, authOf(request).user.id);
      return packages.map(({ pkg, eggs }) => ({
        ...toPublicPackage(pkg, game.name, eggs),
        used: pkg.target_user_id === null ? 1 : 0,
      }));
    },
  );

  app.get(
    '/packages-additional-data',
    {
      schema: {
        response: { 200: adminPackagesAdditionalData.partial({ games: true, locations: true }) },
      },
    },
    // Staff get the games and the panel's locations and nodes too (spec 3 "Package extra data").
    async (request) =>
      roleOf(authOf(request).user) === 'customer'
        ? { nests: await nestsWithEggs(ctx) }
        : loadAdminPackagesAdditionalData(ctx),
  );

  app.get(
    '/package-addons',
    { schema: { querystring: packageIdQuery, response: { 200: z.array(storeAddon) } } },
    async (request) => {
      const pkg = await findOrderablePackage(ctx, authOf(request).user.id, request.query.packageId);
      return (await addonsOfPackage(ctx, pkg.id)).map(toStoreAddon);
    },
  );

  app.get(
    '/package-locations',
    { schema: { querystring: packageIdQuery, response: { 200: z.array(storeLocation) } } },
    async (request) => {
      const pkg = await findOrderablePackage(ctx, authOf(request).user.id, request.query.packageId);
      return packageLocations(ctx, pkg.id);
    },
  );

  app.post(
    '/discount-verification',
    {
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute * 6, timeWindow: '1 minute' } },
      schema: { body: discountVerificationBody, response: { 200: discountVerificationAnswer } },
    },
    async (request) => {
      const discount = await findValidDiscount(ctx.db, request.body.code, ctx.now());
      if (!discount) throw new AppError(400, REASONS.discount);
      return { code: discount.code, percentage: discount.percentageBp / 100 };
    },
  );

  app.post(
    '/order-credits',
    {
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute * 2, timeWindow: '1 minute' } },
      schema: { body: orderCreditsBody, response: { 200: linkAnswer } },
    },
    async (request) => ({ link: await orderCredits(ctx, await userOf(request), request.body) }),
  );

  app.post(
    '/package-by-credits',
    {
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute * 2, timeWindow: '1 minute' } },
      schema: { body: packageByCreditsBody, response: { 200: linkAnswer } },
    },
    async (request) => {
      const orderId = await orderPackageByCredits(ctx, await userOf(request), request.body);
      return { link: `/dashboard?order=${orderId}` };
    },
  );

  app.post(
    '/order-package',
    {
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute * 2, timeWindow: '1 minute' } },
      schema: { body: orderPackageBody, response: { 200: linkAnswer } },
    },
    async (request) => ({ link: await orderPackageByCard(ctx, await userOf(request), request.body) }),
  );

  app.get(
    '/package-variables',
    { schema: { querystring: packageIdQuery, response: { 200: packageVariablesAnswer } } },
    async (request) =>
      packageVariableFields(
        ctx,
        await findOrderablePackage(ctx, authOf(request).user.id, request.query.packageId),
      ),
  );
}
