/** The type of the Fastify instance the route files register their routes on. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `fastify.withTypeProvider<ZodTypeProvider>()`: routes with zod schemas, their requests typed by them. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
