/**
 * /api/public/site (product.md "Public pages": /partners, /contact), no login: partners, the company and its
 * documents (decisions/086-site-content-files.md).
 */
import { REASONS } from '@falkenhost/contracts/errors';
import { companyAnswer, partnersAnswer, siteLanguageQuery } from '@falkenhost/contracts/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../platform/errors';
import { DOCUMENT_CONTENT_TYPES, publicCompany, publicPartners } from '../../../platform/site-content';

/** The site's content changes only with a deployment. */
const CACHE = 'public, max-age=300';

export default async function publicSiteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, site } = app.ctx;

  app.get(
    '/partners',
    { schema: { querystring: siteLanguageQuery, response: { 200: partnersAnswer } } },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return publicPartners(site, request.query.lang);
    },
  );

  app.get(
    '/company',
    { schema: { querystring: siteLanguageQuery, response: { 200: companyAnswer } } },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return publicCompany(site, config.supplier, request.query.lang);
    },
  );

  app.get(
    '/documents/:lang/:document',
    { schema: { params: z.object({ lang: z.string(), document: z.string() }) } },
    async (request, reply) => {
      const file = site.documentFile(request.params.lang, request.params.document);
      const bytes = file && (await site.read(file));
      if (!file || !bytes) throw new AppError(404, REASONS.notFound);
      return (
        reply
          .header('cache-control', CACHE)
          .header('content-disposition', `attachment; filename="${file.id}-${file.language}.${file.format}"`)
          // An operator's HTML document runs nothing and reaches nothing, even if opened in place.
          .header(
            'content-security-policy',
            "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
          )
          .type(DOCUMENT_CONTENT_TYPES[file.format])
          .send(bytes)
      );
    },
  );
}
