/**
 * Reads a staff multipart form (games, packages) strictly, so that no malformed body reaches the
 * handlers as anything but a client error (issue 28 point 8; docs/decisions/131-malformed-multipart.md):
 * - a body that is not multipart/form-data: 415 validation `message: 'multipart'`;
 * - a multipart body that cannot be parsed (no or wrong boundary, truncated, LF-only line endings, JSON
 *   under a multipart type, a part without a name): 400 validation `message: 'multipart'`;
 * - a name given twice: 400 validation `errors: [{ msg: 'duplicate', path }]`;
 * - a file under any name but a file field's (a text field's, an unknown one): 400 validation
 *   `errors: [{ msg: 'notText', path }]`;
 * - text under a file field's name: 400 file-type (an empty text is "no file chosen");
 * - a text value above the field size limit: 400 validation `errors: [{ msg: 'tooLong', path }]`;
 * - a file above the size limit: 413 file-too-large, too many parts: 413 (http/error-handler.ts), as before.
 * Requires `@fastify/multipart` registered in the route's scope without `attachFieldsToBody`.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface MultipartForm {
  /** the text parts by name */
  fields: Record<string, string>;
  /** the file parts by name, only those with bytes (an empty part is "no file chosen") */
  files: Record<string, Buffer>;
}

/** Error codes of @fastify/multipart that keep their own answer (413 limits, 400 prototype names). */
const KEEP_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
]);

/** The boundary parameter of a multipart content type, 1 to 70 characters (quoted or not). */
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^";\s]{1,70})\s*(?:;|$)/i;

const fieldError = (msg: string, path: string) =>
  new AppError(400, REASONS.validation, undefined, [{ msg, path }]);

/**
 * @param reply the request's reply: a refusal before the whole body is read closes the connection
 * @param fileNames the names that take a file (every other name takes text)
 * @throws AppError 400/415 as the module says; @fastify/multipart's 413 limit errors
 */
export async function readMultipartForm(
  request: FastifyRequest,
  reply: FastifyReply,
  fileNames: readonly string[],
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, REASONS.validation, 'multipart');
  // busboy takes an empty boundary as a form without parts; RFC 2046 wants 1 to 70 characters.
  if (!BOUNDARY.test(request.headers['content-type'] ?? ''))
    throw new AppError(400, REASONS.validation, 'multipart');
  const fields: Record<string, string> = Object.create(null);
  const files: Record<string, Buffer> = Object.create(null);
  const seen = new Set<string>();
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (seen.has(name)) throw fieldError('duplicate', name);
      seen.add(name);
      if (part.type === 'file') {
        if (!fileNames.includes(name)) throw fieldError('notText', name);
        const bytes = await part.toBuffer();
        if (bytes.length > 0) files[name] = bytes;
      } else if (fileNames.includes(name)) {
        if (typeof part.value !== 'string' || part.value !== '') throw new AppError(400, REASONS.fileType);
      } else {
        if (part.valueTruncated) throw fieldError('tooLong', name);
        if (typeof part.value !== 'string') throw fieldError('notText', name);
        fields[name] = part.value;
      }
    }
  } catch (error) {
    // The rest of the body stays unread (a file part nobody consumes stalls the parser): the connection
    // is closed after the answer instead of being kept for a next request behind it.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string } | null)?.code;
    if (code && KEEP_CODES.has(code)) throw error;
    // busboy's own parse errors (no boundary, unexpected end, malformed headers) carry no code.
    throw new AppError(400, REASONS.validation, 'multipart');
  }
  return { fields: { ...fields }, files: { ...files } };
}
