/** Users administration calls (product.md "Staff calls": users; master only) and the staff audit log. */
import type {
  AdminUser,
  AllUsersAnswer,
  AuditEntity,
  AuditLogAnswer,
  ROLE_FILTERS,
} from '@falkenhost/contracts/admin';
import type { Role } from '@falkenhost/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export type RoleFilter = (typeof ROLE_FILTERS)[number];

export const adminUsersKey = ['admin', 'users'] as const;
export const auditLogKey = ['admin', 'audit'] as const;

/**
 * GET all-users: one page (1-based) of the users whose username or e-mail contains `search` (ignoring
 * case), of one role or all. The previous page stays shown while the next one loads.
 */
export function useAllUsers(search: string, role: RoleFilter, page: number) {
  return useQuery({
    queryKey: [...adminUsersKey, search, role, page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const query = new URLSearchParams({ search, role, page: String(page) });
      return unwrap(await api.get<AllUsersAnswer>(`/api/private/users/all-users?${query}`));
    },
  });
}

/**
 * GET audit-log: one page (1-based) of the staff changes, newest first, of one staff username (empty for
 * everyone) and one kind of record (null for all).
 */
export function useAuditLog(actor: string, entity: AuditEntity | null, page: number) {
  return useQuery({
    queryKey: [...auditLogKey, actor, entity, page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const query = new URLSearchParams({ actor, page: String(page) });
      if (entity) query.set('entity', entity);
      return unwrap(await api.get<AuditLogAnswer>(`/api/private/users/audit-log?${query}`));
    },
  });
}

/** PUT change-role: 200 the user; 404 unknown user, 409 last-master or self. The user is logged out. */
export const changeRole = (id: number, role: Role) =>
  api.put<AdminUser>('/api/private/users/change-role', { id, role });

/** PUT active: 200 the user; 404 unknown user, 409 last-master or self. A deactivated user is logged out. */
export const setUserActive = (id: number, active: boolean) =>
  api.put<AdminUser>('/api/private/users/active', { id, active });
