/** The customer's panel user, found, adopted or made (docs/decisions/151, docs/decisions/407). */
import { randomBytes } from 'node:crypto';
import { isNotFound, isValidationError, type PterodactylError } from '@falkenhost/pterodactyl/errors';
import type { PanelUser } from '@falkenhost/pterodactyl/types';
import { clearPanelUserId, setPanelUserId } from '../identity/user-fields';
import type { AppContext } from '../platform/context';
import type { User } from '../platform/db/schema';

const USERNAME_VARIANTS = 5;

/**
 * The customer's panel user: the one we made, else the one with their verified e-mail, else a new one.
 * No panel call once its id is kept in `users.ptero_user_id`; one call (the create) on a first order.
 * @returns the panel user id
 * @throws PterodactylError when the panel refuses for another reason or cannot be reached
 */
export async function ensurePanelUser(ctx: AppContext, user: User): Promise<number> {
  if (user.ptero_user_id !== null) return user.ptero_user_id;
  const panelId = await findOrCreatePanelUser(ctx, user);
  await setPanelUserId(ctx.db, user.id, panelId);
  return panelId;
}

/**
 * Creates the customer's panel user first, so a first order costs one call (decisions 151, 407). The
 * panel's unique external id and e-mail turn an account made before (a lost answer, a crash before its id
 * was kept, a concurrent first order) or an existing account into a 422, and only then is it looked up.
 */
async function findOrCreatePanelUser(ctx: AppContext, user: User): Promise<number> {
  const externalId = `falkenhost-user-${user.id}`;
  let email = user.email;
  let attempt = 1;
  for (;;) {
    try {
      const created = await ctx.panel.createUser({
        email,
        username: usernameFor(user, attempt),
        first_name: user.first_name,
        last_name: user.last_name,
        external_id: externalId,
      });
      return created.id;
    } catch (error) {
      if (!isValidationError(error) || taken(error, 'external_id')) {
        const ours = await ctx.panel.getUserByExternalId(externalId);
        if (ours) return ours.id;
        throw error;
      }
      let again = false;
      if (taken(error, 'email') && email === user.email) {
        const [holder] = await ctx.panel.listUsersByEmail(user.email);
        if (holder && adoptable(holder, user)) {
          ctx.log.info(
            { userId: user.id, panelUserId: holder.id },
            'the customer already has a panel account; their servers go under it',
          );
          return holder.id;
        }
        email = subAddress(user.email, user.id);
        again = true;
      }
      if (taken(error, 'username')) {
        if (attempt > USERNAME_VARIANTS) throw error;
        attempt += 1;
        again = true;
      }
      if (!again) throw error;
    }
  }
}

/** `fh_<username>_<id>`, then `_2` ... `_5`, then a random suffix (decision 151). */
function usernameFor(user: User, attempt: number): string {
  const base = `fh_${user.username.toLowerCase()}_${user.id}`;
  if (attempt === 1) return base;
  return attempt <= USERNAME_VARIANTS ? `${base}_${attempt}` : `${base}_${randomBytes(3).toString('hex')}`;
}

/**
 * The customer's panel user, confirmed before a repair: a restored panel may have lost or reused the account.
 * @returns the panel user id
 * @throws PterodactylError when the panel cannot be asked or refuses
 */
export async function confirmPanelUser(ctx: AppContext, user: User): Promise<number> {
  if (user.ptero_user_id !== null) {
    const recorded = await ctx.panel.getUser(user.ptero_user_id).catch((error) => {
      if (isNotFound(error)) return null;
      throw error;
    });
    if (
      recorded &&
      (recorded.external_id === `falkenhost-user-${user.id}` ||
        (recorded.email.toLowerCase() === user.email.toLowerCase() && adoptable(recorded, user)))
    )
      return recorded.id;
    ctx.log.warn(
      { userId: user.id, panelUserId: user.ptero_user_id },
      "the panel no longer has the customer's panel user under its id; found or made again",
    );
    await clearPanelUserId(ctx.db, user.id, user.ptero_user_id);
  }
  return ensurePanelUser(ctx, { ...user, ptero_user_id: null });
}

/** Never a panel administrator's, another customer's, or one with an e-mail the customer has not proved. */
function adoptable(holder: PanelUser, user: User): boolean {
  if (user.email_verified !== 1 || holder.root_admin) return false;
  const externalId = holder.external_id ?? '';
  return !externalId.startsWith('falkenhost-user-') || externalId === `falkenhost-user-${user.id}`;
}

/** `name@host` -> `name+falkenhost-<id>@host` (RFC 5233 sub-address). */
function subAddress(email: string, userId: number): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}+falkenhost-${userId}${email.slice(at)}`;
}

function taken(error: unknown, field: string): boolean {
  return (
    isValidationError(error) &&
    (error as PterodactylError).errors.some(
      (e) => e.meta?.source_field === field && (e.meta.rule === 'unique' || /taken/i.test(e.detail)),
    )
  );
}
