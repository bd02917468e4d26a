/**
 * The built client's files, served from memory, compressed once and revalidated by their ETag
 * (decisions/088-web-files-compression-caching.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestEncodings } from '../platform/requests/encoding';
import type { StaticFile } from './static-files';

function sendFile(file: StaticFile, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.headers(file.headers);
  const match = request.headers['if-none-match'];
  if (match !== undefined && (match === file.etag || match === '*' || match.includes(file.etag))) {
    return reply.code(304).send();
  }
  const accepts = requestEncodings(request);
  if (accepts?.br && file.br) return reply.header('content-encoding', 'br').send(file.br);
  if (accepts?.gzip && file.gzip) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

/**
 * A GET route per file of `files` (loadStaticFiles), in a scope of its own: 304 for a matching
 * If-None-Match, else the file in the best encoding the request accepts (compress: false, it is already).
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  files: Map<string, StaticFile>,
): Promise<void> {
  await app.register(async (web) => {
    for (const file of files.values()) {
      web.get(file.path, { compress: false }, (request, reply) => sendFile(file, request, reply));
    }
  });
}
