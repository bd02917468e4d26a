/**
 * One error handler for the API: AppError, schema validation, rate limits and body limits become
 * `{ reason, message?, errors? }` with their status; a 5xx AppError (an upstream failed) and anything
 * else are logged and answered without details.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../platform/errors';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx carries an upstream's words (Mollie, the panel): logged for us, never sent to customers.
      if (error.status >= 500) {
        request.log.error({ err: error, reason: error.reason }, 'upstream failure');
        return reply.status(error.status).send({ reason: error.reason });
      }
      return reply.status(error.status).send({
        reason: error.reason,
        ...(error.message !== error.reason ? { message: error.message } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        msg: v.message,
        path:
          String(v.instancePath ?? '')
            .replace(/^\//, '')
            .replace(/\//g, '.') || String(v.params?.missingProperty ?? ''),
      }));
      // A missing captcha and a username with special characters have their own messages (product.md
      // "Error catalogue").
      const reason = errors.some((e) => e.path === 'captchaToken')
        ? REASONS.captcha
        : errors.some((e) => e.path === 'username')
          ? REASONS.username
          : REASONS.validation;
      return reply.status(400).send({ reason, errors });
    }
    if (error.statusCode === 429) return reply.status(429).send({ reason: REASONS.rateLimited });
    // An uploaded image above UPLOAD_MAX_BYTES (product.md "Error catalogue" 'File is too large').
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      return reply.status(413).send({ reason: REASONS.fileTooLarge });
    if (error.statusCode === 413)
      return reply.status(413).send({ reason: REASONS.validation, message: 'too-large' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ reason: REASONS.validation, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ reason: 'internal' });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ reason: REASONS.notFound }));
}
