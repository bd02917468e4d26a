import type { FastifyInstance } from 'fastify';
import { filterAndSort, item, list, paginate, readListQuery } from '../api/envelope';
import { serverAttributes, userAttributes } from '../api/transformers';
import type { UserRecord } from '../state/records';
import type { EmulatorState } from '../state/state';
import { createUser } from '../user-create';
import { found, numericParam, pageUrl, withIncludes } from './helpers';

/** `GET /users`, `GET /users/{id}`, `GET /users/external/{external_id}`, `POST /users` (include: servers). */
export async function userRoutes(app: FastifyInstance, { state }: { state: EmulatorState }) {
  const { db } = state;
  const render = (r: UserRecord, include: string[]) =>
    withIncludes(userAttributes(r), include, {
      servers: () =>
        list(
          'server',
          db.servers.filter((s) => s.user_id === r.id).map((s) => serverAttributes(db, s)),
        ),
    });

  app.get('/users', async (request) => {
    const query = readListQuery(request.query);
    const rows = filterAndSort(db.users, query, {
      id: (r) => r.id,
      email: (r) => r.email,
      uuid: (r) => r.uuid,
      username: (r) => r.username,
      external_id: (r) => r.external_id,
    });
    return paginate('user', rows, query, (r) => render(r, query.include), pageUrl(state, request));
  });

  app.get('/users/:id', async (request) => {
    const id = numericParam(request, 'id');
    return item(
      'user',
      render(found(db.users.find((u) => u.id === id)), readListQuery(request.query).include),
    );
  });

  app.get<{ Params: { externalId: string } }>('/users/external/:externalId', async (request) => {
    const user = found(
      db.users.find((u) => u.external_id !== null && u.external_id === request.params.externalId),
    );
    return item('user', render(user, readListQuery(request.query).include));
  });

  app.post('/users', async (request, reply) => {
    const user = createUser(state, request.body);
    // The panel's UserController::store adds the new user's URL as meta.resource.
    const resource = `${state.config.publicUrl}/api/application/users/${user.id}`;
    return reply.code(201).send({ ...item('user', userAttributes(user)), meta: { resource } });
  });
}
