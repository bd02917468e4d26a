import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, PanelError, panelError } from './errors';

/** Renders every error in the panel's `{ errors: [{ code, status, detail }] }` envelope. */
export function panelErrorHandler(
  error: FastifyError | PanelError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof PanelError) return reply.code(error.status).send({ errors: error.errors });
  const status = error.statusCode ?? 500;
  if (status === 400) {
    const e = panelError(
      400,
      'BadRequestHttpException',
      `The JSON data passed in this request appears to be malformed: ${error.message}`,
    );
    return reply.code(400).send({ errors: e.errors });
  }
  if (status === 404) return reply.code(404).send({ errors: notFound().errors });
  if (status < 500)
    return reply.code(status).send({ errors: panelError(status, 'HttpException', error.message).errors });
  request.log.error(error);
  const e = panelError(
    500,
    'HttpException',
    'An unexpected error was encountered while processing this request, please try again.',
  );
  return reply.code(500).send({ errors: e.errors });
}

/** The `application/json` parser of the emulator: empty bodies are allowed, malformed JSON is a 400. */
export function parseJsonBody(
  _request: FastifyRequest,
  body: string,
  done: (err: Error | null, body?: unknown) => void,
) {
  if (body.trim() === '') return done(null, undefined);
  try {
    done(null, JSON.parse(body));
  } catch {
    done(
      panelError(
        400,
        'BadRequestHttpException',
        'The JSON data passed in this request appears to be malformed: Syntax error',
      ),
    );
  }
}
