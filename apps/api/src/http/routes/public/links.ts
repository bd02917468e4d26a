/**
 * GET /api/public/links (product.md "Dashboard home": external links to the website, chat community, social
 * page and game panel): the addresses configured by LINK_* (README "Configuration"), no login needed.
 * Answers 200 `{ website, community, social, panel }`, each an address or null when not configured.
 */
import { externalLinks } from '@falkenhost/contracts/links';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export default async function publicLinksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  const limit = { rateLimit: { max: config.rateLimitPerMinute * 6, timeWindow: '1 minute' } };

  app.get(
    '/links',
    { config: limit, schema: { response: { 200: externalLinks } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return config.links;
    },
  );
}
