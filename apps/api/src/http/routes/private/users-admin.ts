/**
 * /api/private/users staff calls (product.md "Staff calls" users): the users list, activation, role
 * changes and the audit log. Master only (authorization.md "Roles"), checked before the body is read.
 */
import {
  adminUser,
  allUsersAnswer,
  allUsersQuery,
  auditLogAnswer,
  auditLogQuery,
  changeRoleBody,
  userActiveBody,
} from '@falkenhost/contracts/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StaffChange } from '../../../catalog/admin/admin-rows';
import { listAudit } from '../../../platform/audit';
import { changeRole, listUsers, setActive } from '../../../staff/admin-users';
import { authOf, guard } from '../../guards';

export default async function adminUsersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.addHook('onRequest', guard(fastify, 'verified', ['master']));
  const change = (request: FastifyRequest): StaffChange => ({
    actorId: authOf(request).user.id,
    at: ctx.now(),
  });

  app.get(
    '/all-users',
    { schema: { querystring: allUsersQuery, response: { 200: allUsersAnswer } } },
    async (request) => listUsers(ctx, request.query),
  );

  app.put('/active', { schema: { body: userActiveBody, response: { 200: adminUser } } }, async (request) =>
    setActive(ctx, change(request), request.body.id, request.body.active),
  );

  app.put(
    '/change-role',
    { schema: { body: changeRoleBody, response: { 200: adminUser } } },
    async (request) => changeRole(ctx, change(request), request.body.id, request.body.role),
  );

  app.get(
    '/audit-log',
    { schema: { querystring: auditLogQuery, response: { 200: auditLogAnswer } } },
    async (request) => listAudit(ctx.db, request.query),
  );
}
