import type { FastifyInstance } from 'fastify';
import { filterAndSort, item, list, paginate, readListQuery } from '../api/envelope';
import { eggAttributes, eggVariableAttributes, nestAttributes, serverAttributes } from '../api/transformers';
import type { EggRecord } from '../state/records';
import type { EmulatorState } from '../state/state';
import { found, numericParam, pageUrl, withIncludes } from './helpers';

/**
 * `GET /nests`, `GET /nests/{id}` (includes: eggs, servers), `GET /nests/{id}/eggs` (not paginated),
 * `GET /nests/{id}/eggs/{egg}` (egg includes: nest, variables, servers).
 */
export async function nestRoutes(app: FastifyInstance, { state }: { state: EmulatorState }) {
  const { db } = state;
  const renderEgg = (r: EggRecord, include: string[]) =>
    withIncludes(eggAttributes(r), include, {
      nest: () => item('nest', nestAttributes(found(db.nests.find((n) => n.id === r.nest_id)))),
      variables: () => list('egg_variable', r.variables.map(eggVariableAttributes)),
      servers: () =>
        list(
          'server',
          db.servers.filter((s) => s.egg_id === r.id).map((s) => serverAttributes(db, s)),
        ),
    });
  const nestOf = (id: number) => found(db.nests.find((n) => n.id === id));
  // The panel's NestTransformer offers `eggs` and `servers`.
  const nestIncludes = (nestId: number) => ({
    eggs: () =>
      list(
        'egg',
        db.eggs.filter((e) => e.nest_id === nestId).map((e) => renderEgg(e, [])),
      ),
    servers: () =>
      list(
        'server',
        db.servers.filter((s) => s.nest_id === nestId).map((s) => serverAttributes(db, s)),
      ),
  });

  app.get('/nests', async (request) => {
    const query = readListQuery(request.query);
    const rows = filterAndSort(db.nests, query, { id: (r) => r.id, name: (r) => r.name });
    return paginate(
      'nest',
      rows,
      query,
      (r) => withIncludes(nestAttributes(r), query.include, nestIncludes(r.id)),
      pageUrl(state, request),
    );
  });

  app.get('/nests/:id', async (request) => {
    const nest = nestOf(numericParam(request, 'id'));
    const { include } = readListQuery(request.query);
    return item('nest', withIncludes(nestAttributes(nest), include, nestIncludes(nest.id)));
  });

  app.get('/nests/:id/eggs', async (request) => {
    const nest = nestOf(numericParam(request, 'id'));
    const { include } = readListQuery(request.query);
    return list(
      'egg',
      db.eggs.filter((e) => e.nest_id === nest.id).map((e) => renderEgg(e, include)),
    );
  });

  app.get('/nests/:id/eggs/:egg', async (request) => {
    const nest = nestOf(numericParam(request, 'id'));
    const eggId = numericParam(request, 'egg');
    const egg = found(db.eggs.find((e) => e.id === eggId && e.nest_id === nest.id));
    return item('egg', renderEgg(egg, readListQuery(request.query).include));
  });
}
