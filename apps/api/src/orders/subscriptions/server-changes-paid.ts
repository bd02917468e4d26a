/**
 * Add-on and package changes as the customer asks for them; a monthly server's subscription amount follows
 * (docs/decisions/064-monthly-server-changes.md).
 */
import type { AppContext } from '../../platform/context';
import type { User, UserPackage } from '../../platform/db/schema';
import { buyAddon, changePackage, removeAddon } from '../../servers/changes/server-changes';
import { syncSubscription } from './subscription-sync';

/** The subscription's amount follows at once; when Mollie fails, the jobs retry. */
async function afterChange(ctx: AppContext, server: UserPackage): Promise<void> {
  if (server.billing_type !== 'monthly') return;
  await syncSubscription(ctx, server.id).catch((error) =>
    ctx.log.warn({ err: error, serverId: server.id }, 'updating the subscription failed; retried later'),
  );
}

/** POST buy-addon: `buyAddon`, then the subscription follows. @throws AppError as `buyAddon` */
export async function buyServerAddon(
  ctx: AppContext,
  user: User,
  addonId: number,
  userPackageId: number,
): Promise<void> {
  await afterChange(ctx, await buyAddon(ctx, user, addonId, userPackageId));
}

/** Removes an add-on, then the subscription follows. @throws AppError as `removeAddon` */
export async function removeServerAddon(
  ctx: AppContext,
  user: User,
  addonId: number,
  userPackageId: number,
): Promise<void> {
  await afterChange(ctx, await removeAddon(ctx, user, addonId, userPackageId));
}

/** POST change-package: `changePackage`, then the subscription follows. @throws AppError as it */
export async function changeServerPackage(
  ctx: AppContext,
  user: User,
  newPackageId: number,
  userPackageId: number,
): Promise<void> {
  await afterChange(ctx, await changePackage(ctx, user, newPackageId, userPackageId));
}
