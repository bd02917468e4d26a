import { filterAndSort, item, paginate, readListQuery } from '@falkenhost/pterodactyl-emulator/api/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guardedInclude, requirePermission } from '../api/auth';
import { serverAttributes, userAttributes } from '../api/transformers';
import type { UserRecord } from '../state/records';
import type { PelicanState } from '../state/state';
import { createUser } from '../user-create';
import { found, numericParam, pageUrl, withIncludes } from './helpers';

/** `GET /users`, `GET /users/{id}`, `GET /users/external/{external_id}`, `POST /users` (include: servers). */
export async function userRoutes(app: FastifyInstance, { state }: { state: PelicanState }) {
  const { db } = state;
  const fields = {
    id: (r: UserRecord) => r.id,
    uuid: (r: UserRecord) => r.uuid,
    email: (r: UserRecord) => r.email,
    username: (r: UserRecord) => r.username,
    external_id: (r: UserRecord) => r.external_id,
  };
  const render = (request: FastifyRequest, r: UserRecord, include: string[]) =>
    withIncludes(userAttributes(r), include, {
      servers: guardedInclude(request, 'server', () => ({
        object: 'list',
        data: db.servers
          .filter((s) => s.user_id === r.id)
          .map((s) => item('server', serverAttributes(db, s))),
      })),
    });

  app.get('/users', async (request) => {
    requirePermission(request, 'user', 'read');
    const query = readListQuery(request.query);
    return paginate(
      'user',
      filterAndSort(db.users, query, fields),
      query,
      (r) => render(request, r, query.include),
      pageUrl(state, request),
    );
  });

  app.get('/users/:id', async (request) => {
    const user = found(db.users.find((u) => u.id === numericParam(request, 'id')));
    requirePermission(request, 'user', 'read');
    return item('user', render(request, user, readListQuery(request.query).include));
  });

  app.get('/users/external/:externalId', async (request) => {
    const { externalId } = request.params as { externalId: string };
    const user = found(db.users.find((u) => u.external_id === externalId));
    requirePermission(request, 'user', 'read');
    return item('user', render(request, user, readListQuery(request.query).include));
  });

  // UserController::store answers 201 with `meta.resource`, the new user's URL.
  app.post('/users', async (request, reply) => {
    requirePermission(request, 'user', 'write');
    const user = createUser(state, request.body);
    const resource = `${state.config.publicUrl}/api/application/users/${user.id}`;
    return reply.code(201).send({ ...item('user', userAttributes(user)), meta: { resource } });
  });
}
