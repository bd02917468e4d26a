/**
 * Add-on and package changes as the customer asks for them (spec 7; servers/server-changes.ts makes
 * them): after a change of a monthly server, its Mollie subscription's amount follows from the next
 * period (issue 8), at once and again from the jobs when Mollie fails.
 */
import type { AppContext } from '../platform/context';
import type { User, UserPackage } from '../platform/db/schema';
import { buyAddon, changePackage, removeAddon } from '../servers/server-changes';
import { syncSubscription } from './subscription-sync';

/** After a change of a monthly server: its subscription's amount follows (retried by the jobs on failure). */
async function afterChange(ctx: AppContext, server: UserPackage): Promise<void> {
  if (server.billing_type !== 'monthly') return;
  await syncSubscription(ctx, server.id).catch((error) =>
    ctx.log.warn({ err: error, serverId: server.id }, 'updating the subscription failed; retried later'),
  );
}

/**
 * POST buy-addon: servers/server-changes.ts `buyAddon`, then the subscription follows.
 * @throws AppError as `buyAddon`
 */
export async function buyServerAddon(
  ctx: AppContext,
  user: User,
  addonId: number,
  userPackageId: number,
): Promise<void> {
  await afterChange(ctx, await buyAddon(ctx, user, addonId, userPackageId));
}

/**
 * Removing an add-on: servers/server-changes.ts `removeAddon`, then the subscription follows.
 * @throws AppError as `removeAddon`
 */
export async function removeServerAddon(
  ctx: AppContext,
  user: User,
  addonId: number,
  userPackageId: number,
): Promise<void> {
  await afterChange(ctx, await removeAddon(ctx, user, addonId, userPackageId));
}

/**
 * POST change-package: servers/server-changes.ts `changePackage`, then the subscription follows.
 * @throws AppError as `changePackage`
 */
export async function changeServerPackage(
  ctx: AppContext,
  user: User,
  newPackageId: number,
  userPackageId: number,
): Promise<void> {
  await afterChange(ctx, await changePackage(ctx, user, newPackageId, userPackageId));
}
