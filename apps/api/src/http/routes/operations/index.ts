/**
 * The operator's routes under /api: health, readiness, the OpenAPI document, its reader (docs/operations.md,
 * decisions/011-health-and-readiness.md, 095-openapi-document.md).
 */
import { healthBody, readinessBody } from '@falkenhost/contracts/operations';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createReadinessCheck } from '../../../platform/readiness';
import { guard } from '../../guards';

/** The reader's CSP: our own files only; Swagger UI needs style attributes and a data: logo. */
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/** The reader's group of a route: `operations` for health and ready, else its URL family. */
function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean).slice(1);
  if (parts[0] === 'health' || parts[0] === 'ready') return 'operations';
  return parts.slice(0, parts[0] === 'private' ? 2 : 1).join('/');
}

/** Registers the OpenAPI generator before any route of /api: it collects the routes as they are added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Falkenhost API',
        version: '0.1.0',
        description:
          'The API of the Falkenhost web client. Calls under /api/private need the session cookie ' +
          '`fh_access` that POST /api/auth/login sets; docs/authorization.md lists who may call what.',
      },
      servers: [{ url: app.ctx.config.publicUrl }],
    },
    // Operations grouped by URL family in the reader: auth, public, private/store, private/servers ...
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      return { ...out, schema: { ...out.schema, tags: [tagOf(out.url)] } };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

export default async function operationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ready = createReadinessCheck(app.ctx);

  app.get('/health', { schema: { response: { 200: healthBody } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get(
    '/ready',
    { schema: { response: { 200: readinessBody, 503: readinessBody } } },
    async (_request, reply) => {
      const answer = await ready();
      return reply
        .status(answer.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(answer);
    },
  );

  await app.register(async (docs) => {
    if (docs.ctx.config.mode === 'production')
      docs.addHook('onRequest', guard(docs, 'verified', ['admin', 'master']));
    docs.get('/openapi.json', { schema: { hide: true } }, async () => docs.swagger());
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      // The page's asset links name the whole path (/api/docs/static/...), which this context's prefix is.
      indexPrefix: docs.prefix,
      staticCSP: DOCS_CSP,
      theme: { title: 'Falkenhost API' },
      uiConfig: { deepLinking: true },
    });
  });
}
