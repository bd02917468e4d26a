/** The /api tree, one folder per URL family (style.md). */
import type { FastifyInstance } from 'fastify';
import { registerErrorHandler } from '../error-handler';
import authRoutes from './auth/index';
import passwordResetRoutes from './auth/password-reset';
import devRoutes from './dev/index';
import operationsRoutes, { registerOpenApi } from './operations/index';
import privateAddonRoutes from './private/addons/index';
import billingRoutes from './private/billing';
import creditsRoutes from './private/credits';
import privatePackageRoutes from './private/packages/index';
import adminServersRoutes from './private/servers/admin';
import privateServersRoutes from './private/servers/index';
import serverLifecycleRoutes from './private/servers/lifecycle';
import adminStoreRoutes from './private/store/admin';
import privateStoreRoutes from './private/store/index';
import totpRoutes from './private/totp';
import accountRoutes from './private/users';
import adminUsersRoutes from './private/users-admin';
import publicLinksRoutes from './public/links';
import publicSiteRoutes from './public/site';
import publicStoreRoutes from './public/store/index';
import webhookRoutes from './webhooks/index';

export default async function apiRoutes(app: FastifyInstance): Promise<void> {
  registerErrorHandler(app);
  await registerOpenApi(app);
  await app.register(operationsRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(passwordResetRoutes, { prefix: '/auth' });
  await app.register(publicStoreRoutes, { prefix: '/public/store' });
  await app.register(publicLinksRoutes, { prefix: '/public' });
  await app.register(publicSiteRoutes, { prefix: '/public/site' });
  await app.register(creditsRoutes, { prefix: '/private' });
  await app.register(privateStoreRoutes, { prefix: '/private/store' });
  await app.register(adminStoreRoutes, { prefix: '/private/store' });
  await app.register(privateServersRoutes, { prefix: '/private/servers' });
  await app.register(serverLifecycleRoutes, { prefix: '/private/servers' });
  await app.register(adminServersRoutes, { prefix: '/private/servers' });
  await app.register(privateAddonRoutes, { prefix: '/private/addons' });
  await app.register(privatePackageRoutes, { prefix: '/private/packages' });
  await app.register(billingRoutes, { prefix: '/private/billing' });
  await app.register(accountRoutes, { prefix: '/private/users' });
  await app.register(adminUsersRoutes, { prefix: '/private/users' });
  await app.register(totpRoutes, { prefix: '/private/users/me/totp' });
  await app.register(webhookRoutes, { prefix: '/webhooks' });
  if (app.ctx.config.mode === 'demo') await app.register(devRoutes, { prefix: '/dev' });
}
