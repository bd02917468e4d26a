import type { FastifyError, FastifyInstance } from 'fastify';
import { errorBody, MollieError } from '../api/errors';
import { recurringOutcomePage } from '../pages/recurring-outcome-page';
import { parseRecurringOutcomeRequest, setRecurringOutcome } from '../recurring-outcome.js';
import type { Store } from '../state/store';

/**
 * Test controls that Mollie's dashboard would offer, outside `/v2` and without an API key (register
 * with `prefix: '/test'`). Errors are JSON `{status, title, detail, field?}` like the API's.
 * - `POST /test/recurring-outcome {customerId|email, status: "paid"|"failed"}` -> 200
 *   `{customerIds, status}`; 400 bad input, 404 unknown customer or e-mail (see `setRecurringOutcome`).
 * - `GET /test/recurring-outcome`: an HTML page with a form for the same.
 */
export async function testControlRoutes(app: FastifyInstance, options: { store: Store }): Promise<void> {
  const { store } = options;

  app.setErrorHandler((error: FastifyError | MollieError, _request, reply) => {
    if (error instanceof MollieError) return reply.code(error.statusCode).send(error.toBody());
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) reply.log.error(error);
    return reply.code(status).send(errorBody(status, status >= 500 ? 'Internal error' : error.message));
  });

  app.post('/recurring-outcome', async (request) => {
    const { target, status } = parseRecurringOutcomeRequest(request.body);
    return { customerIds: setRecurringOutcome(store, target, status), status };
  });

  app.get('/recurring-outcome', async (_request, reply) => {
    const rows = [...store.recurringOutcomes].map(([customerId, status]) => ({
      customerId,
      email: store.customers.get(customerId)?.email ?? null,
      status,
    }));
    const html = recurringOutcomePage(`${store.baseUrl()}/test/recurring-outcome`, rows);
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
