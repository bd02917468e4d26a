/**
 * The staff lists' contracts (product.md "Staff screens"): the servers list, the users section and the audit
 * log, each a page of rows searched on the server. Re-exported by admin.ts, which holds the store
 * administration's forms.
 */

import { z } from 'zod';
import { ROLES } from './constants';
import { id, jsonId } from './fields';

/** Rows per page of the staff lists (servers, users, audit log). */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_SIZE_MAX = 200;

// ---------------------------------------------------------------------------------------------- servers

/** GET /api/private/servers/all-servers?search=&page= (search: case-sensitive substring of name or uuid). */
export const allServersQuery = z.object({
  search: z.string().max(100).optional().default(''),
  page: id.optional().default(1),
  pageSize: id.optional().default(ADMIN_PAGE_SIZE).pipe(z.number().max(ADMIN_PAGE_SIZE_MAX)),
});

/**
 * Server (admin list), product.md "Entities and fields": status is the panel's power state (running, offline,
 * starting, ...).
 */
export const adminServer = z.object({
  id: z.number().int(),
  name: z.string(),
  uuid: z.string().nullable(),
  identifier: z.string().nullable(),
  /** the panel's state when known ('running' shown green, anything else red), else our billing status */
  status: z.string(),
  suspended: z.boolean(),
  owner: z.string(),
  /**
   * ISO 8601: a monthly server in grace after a failed renewal runs until then unless paid
   * (docs/decisions/420); null when not in grace
   */
  graceUntil: z.string().nullable(),
});
export type AdminServer = z.infer<typeof adminServer>;

export const allServersAnswer = z.object({
  servers: z.array(adminServer),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** the game panel's address; a server's page is `${panelUrl}/server/${identifier}` */
  panelUrl: z.string(),
});
export type AllServersAnswer = z.infer<typeof allServersAnswer>;

// ---------------------------------------------------------------------------------------------- users

export const ROLE_FILTERS = ['all', ...ROLES] as const;

/** GET /api/private/users/all-users?search=&role=&page= (search: username or e-mail, case-insensitive). */
export const allUsersQuery = z.object({
  search: z.string().max(100).optional().default(''),
  role: z.enum(ROLE_FILTERS).optional().default('all'),
  page: id.optional().default(1),
});

/** User (admin list), product.md "Entities and fields": credits with 2 decimals shown by the client. */
export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  credits: z.number(),
  active: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const allUsersAnswer = z.object({
  users: z.array(adminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AllUsersAnswer = z.infer<typeof allUsersAnswer>;

/** PUT /api/private/users/active. */
export const userActiveBody = z.object({ id: jsonId, active: z.boolean() });
/** PUT /api/private/users/change-role. */
export const changeRoleBody = z.object({ id: jsonId, role: z.enum(ROLES) });

// ---------------------------------------------------------------------------------------------- audit log

/** `server`: repairs and refusals of the panel reconciler (actor: the first master); `location`: a panel location's names */
export const AUDIT_ENTITIES = ['game', 'package', 'addon', 'discount', 'location', 'user', 'server'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'role',
  'activate',
  'deactivate',
  // the panel reconciler's: a drift corrected, a panel action refused, a stray panel server reported
  'repair',
  'refuse',
  'report',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /api/private/users/audit-log?actor=&entity=&page= (masters). */
export const auditLogQuery = z.object({
  /** username of the staff member who made the change */
  actor: z.string().trim().max(64).optional().default(''),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  page: id.optional().default(1),
});

export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601 */
  at: z.string(),
  actor_id: z.number().int(),
  actor_username: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.number().int(),
  /** the record's name now (username, game, package or add-on name, discount code, server name); null if unknown */
  entity_name: z.string().nullable(),
  /** the record before and after the change (null before a create, after a delete) */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogAnswer = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditLogAnswer = z.infer<typeof auditLogAnswer>;
