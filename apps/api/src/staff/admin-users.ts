/**
 * The users section, master only (product.md "Staff screens", "Roles and permissions";
 * decisions/083-users-section-master-only.md).
 */
import { ADMIN_PAGE_SIZE, type AdminUser, type AllUsersAnswer } from '@falkenhost/contracts/admin';
import type { Role } from '@falkenhost/contracts/constants';
import { REASONS } from '@falkenhost/contracts/errors';
import { unitsToCredits } from '@falkenhost/contracts/money';
import { type SqlBool, sql, type Transaction } from 'kysely';
import type { StaffChange } from '../catalog/admin/admin-rows';
import { roleOf } from '../identity/roles';
import { setActiveEndingSessions, setRoleEndingSessions } from '../identity/staff-user-changes';
import { recordAudit } from '../platform/audit';
import type { AppContext } from '../platform/context';
import type { Database, User } from '../platform/db/schema';
import { AppError } from '../platform/errors';

function toAdminUser(
  user: Pick<User, 'id' | 'username' | 'email' | 'role' | 'credits' | 'active'>,
): AdminUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: roleOf(user),
    credits: unitsToCredits(Number(user.credits)),
    active: user.active === 1,
  };
}

/** `%` and `_` typed by a person are letters, not patterns. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of users by id; `query`: case-insensitive substring of username or e-mail, and a role (product.md
 * "Roles and permissions").
 */
export async function listUsers(
  ctx: AppContext,
  query: { search: string; role: 'all' | Role; page: number },
): Promise<AllUsersAnswer> {
  let base = ctx.db.selectFrom('users');
  const search = query.search.trim();
  if (search !== '') {
    const pattern = likePattern(search);
    // Backslash escapes % and _ (both databases take it as the escape only when told). SQLite's LIKE
    // ignores ASCII case (as its lower() does). PostgreSQL matches the stored lowercase copies with a
    // plain LIKE, which its trigram indexes answer (migration 0017); ILIKE lowered every row each time.
    base = base.where((eb) =>
      ctx.dialect === 'postgres'
        ? eb.or([
            sql<SqlBool>`username_lower like lower(${pattern}) escape '\\'`,
            sql<SqlBool>`email_lower like lower(${pattern}) escape '\\'`,
          ])
        : eb.or([
            sql<SqlBool>`username like ${pattern} escape '\\'`,
            sql<SqlBool>`email like ${pattern} escape '\\'`,
          ]),
    );
  }
  if (query.role === 'customer') base = base.where('role', 'not in', ['admin', 'master']);
  else if (query.role !== 'all') base = base.where('role', '=', query.role);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'username', 'email', 'role', 'credits', 'active'])
      .orderBy('id')
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    users: rows.map(toAdminUser),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

async function target(trx: Transaction<Database>, id: number): Promise<User> {
  const user = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw new AppError(404, REASONS.notFound);
  return user;
}

/** @throws AppError 409 last-master when `user` is the only active master */
async function assertNotLastMaster(trx: Transaction<Database>, user: User): Promise<void> {
  if (roleOf(user) !== 'master' || user.active !== 1) return;
  const others = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'master')
    .where('active', '=', 1)
    .where('id', '!=', user.id)
    .executeTakeFirst();
  if (!others) throw new AppError(409, REASONS.lastMaster);
}

/**
 * PUT /api/private/users/change-role: ends the user's sessions, audited in one transaction (record 083).
 * @throws AppError 404 not-found, 409 self (one's own role), 409 last-master
 */
export async function changeRole(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  role: Role,
): Promise<AdminUser> {
  if (id === change.actorId) throw new AppError(409, REASONS.self);
  const after = await ctx.db.transaction().execute(async (trx) => {
    const user = await target(trx, id);
    const before = roleOf(user);
    if (before === role) return user;
    if (role !== 'master') await assertNotLastMaster(trx, user);
    await setRoleEndingSessions(trx, id, role, change.at);
    await recordAudit(trx, {
      ...change,
      action: 'role',
      entity: 'user',
      entityId: id,
      before: { role: before },
      after: { role },
    });
    return target(trx, id);
  });
  return toAdminUser(after);
}

/**
 * PUT /api/private/users/active: activates or deactivates an account, ending its sessions, audited.
 * @throws AppError 404 not-found, 409 self, 409 last-master (deactivating the only active master)
 */
export async function setActive(
  ctx: AppContext,
  change: StaffChange,
  id: number,
  active: boolean,
): Promise<AdminUser> {
  if (id === change.actorId) throw new AppError(409, REASONS.self);
  const after = await ctx.db.transaction().execute(async (trx) => {
    const user = await target(trx, id);
    if ((user.active === 1) === active) return user;
    if (!active) await assertNotLastMaster(trx, user);
    await setActiveEndingSessions(trx, id, active, change.at);
    await recordAudit(trx, {
      ...change,
      action: active ? 'activate' : 'deactivate',
      entity: 'user',
      entityId: id,
      before: { active: user.active === 1 },
      after: { active },
    });
    return target(trx, id);
  });
  return toAdminUser(after);
}
