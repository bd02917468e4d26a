/**
 * /api/private/store (product.md "Public and store calls"): the customer store's data, referrer, discount
 * check, credit orders, package orders billed by credits and package orders paid monthly by card. Verified
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
import { addonsInLanguage, locationsInLanguage } from '../../../../catalog/catalogue-names';
import {
  orderableAddons,
  orderableLocations,
  orderableVariables,
  packagesAdditionalDataFor,
  storePackagesOfGame,
  verifyDiscountCode,
} from '../../../../catalog/store-offer';
import { roleOf } from '../../../../identity/roles';
import { orderPackageByCard } from '../../../../orders/checkout/card-checkout';
import { orderCredits } from '../../../../orders/checkout/credit-orders';
import { orderPackageByCreditsLink } from '../../../../orders/checkout/package-by-credits';
import { orderStatus } from '../../../../orders/order-view';
import { AppError } from '../../../../platform/errors';
import { returnBase } from '../../../../platform/requests/origin-check';
import { authOf, guard, userOf } from '../../../guards';
import { requestLanguage } from '../../../request-language';
import type { ZodApp } from '../../../zod-app';

export default async function privateStoreRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guard(fastify, 'verified'));

  registerOrderStatusRoute(app);
  registerReferrerRoutes(app);
  registerOfferRoutes(app);
  registerOrderRoutes(app);
}

/** GET order-status: where the customer's order is, after the payment page or the order form. */
function registerOrderStatusRoute(app: ZodApp): void {
  const ctx = app.ctx;

  app.get(
    '/order-status',
    { schema: { querystring: orderStatusQuery, response: { 200: orderStatusAnswer } } },
    async (request) => orderStatus(ctx, authOf(request).user.id, request.query.order),
  );
}

/** GET and POST referrer: the customer's referrer, read (404 when none) and set once. */
function registerReferrerRoutes(app: ZodApp): void {
  const ctx = app.ctx;

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
}

/** What the store offers the customer: a game's packages, the form's data, a package's add-ons, locations. */
function registerOfferRoutes(app: ZodApp): void {
  const ctx = app.ctx;

  app.get(
    '/available-users-packages',
    { schema: { querystring: gameIdQuery, response: { 200: z.array(storePackage) } } },
    async (request) => storePackagesOfGame(ctx, request.query.gameId, authOf(request).user.id),
  );

  app.get(
    '/packages-additional-data',
    {
      schema: {
        response: {
          200: adminPackagesAdditionalData.partial({
            games: true,
            locations: true,
            slot_variables: true,
            game_eggs: true,
          }),
        },
      },
    },
    async (request) => packagesAdditionalDataFor(ctx, roleOf(authOf(request).user)),
  );

  app.get(
    '/package-addons',
    { schema: { querystring: packageIdQuery, response: { 200: z.array(storeAddon) } } },
    async (request) =>
      addonsInLanguage(
        ctx.db,
        requestLanguage(request),
        await orderableAddons(ctx, authOf(request).user.id, request.query.packageId),
      ),
  );

  app.get(
    '/package-locations',
    { schema: { querystring: packageIdQuery, response: { 200: z.array(storeLocation) } } },
    async (request) =>
      locationsInLanguage(
        ctx.db,
        requestLanguage(request),
        await orderableLocations(ctx, authOf(request).user.id, request.query.packageId),
      ),
  );
}

/**
 * The order form's calls: a discount code checked, credits or a package ordered (by credits, or monthly by
 * card), and the egg variables the package's order asks for.
 */
function registerOrderRoutes(app: ZodApp): void {
  const ctx = app.ctx;

  app.post(
    '/discount-verification',
    {
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute * 6, timeWindow: '1 minute' } },
      schema: { body: discountVerificationBody, response: { 200: discountVerificationAnswer } },
    },
    async (request) => verifyDiscountCode(ctx, request.body.code, ctx.now()),
  );

  app.post(
    '/order-credits',
    {
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute * 2, timeWindow: '1 minute' } },
      schema: { body: orderCreditsBody, response: { 200: linkAnswer } },
    },
    async (request) => ({
      link: await orderCredits(ctx, await userOf(request), request.body, returnBase(ctx.config, request)),
    }),
  );

  app.post(
    '/package-by-credits',
    {
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute * 2, timeWindow: '1 minute' } },
      schema: { body: packageByCreditsBody, response: { 200: linkAnswer } },
    },
    async (request) => {
      return { link: await orderPackageByCreditsLink(ctx, await userOf(request), request.body) };
    },
  );

  app.post(
    '/order-package',
    {
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute * 2, timeWindow: '1 minute' } },
      schema: { body: orderPackageBody, response: { 200: linkAnswer } },
    },
    async (request) => ({
      link: await orderPackageByCard(
        ctx,
        await userOf(request),
        request.body,
        returnBase(ctx.config, request),
      ),
    }),
  );

  app.get(
    '/package-variables',
    { schema: { querystring: packageIdQuery, response: { 200: packageVariablesAnswer } } },
    async (request) =>
      orderableVariables(ctx, authOf(request).user.id, request.query.packageId, requestLanguage(request)),
  );
}
