/** Compression of the answers not compressed yet (decisions/088-web-files-compression-caching.md). */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Brotli or gzip for API answers not compressed yet; event streams, PDFs, images, sockets are left alone. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Request bodies are not decompressed: no client of the API sends them compressed.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
}
