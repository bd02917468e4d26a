/**
 * Reads a staff multipart form strictly, so a malformed body is a client error
 * (docs/decisions/131-malformed-multipart.md). Needs `@fastify/multipart` without `attachFieldsToBody`.
 */
import { REASONS } from '@falkenhost/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface MultipartForm {
  fields: Record<string, string>;
  /** the file parts by name, only those with bytes (an empty part is "no file chosen") */
  files: Record<string, Buffer>;
}

const KEEP_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
]);

const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^";\s]{1,70})\s*(?:;|$)/i;

const fieldError = (msg: string, path: string) =>
  new AppError(400, REASONS.validation, undefined, [{ msg, path }]);

/**
 * @param reply the request's reply: a refusal before the whole body is read closes the connection
 * @param fileNames the names that take a file (every other name takes text)
 * @throws AppError 400/415 (docs/decisions/131-malformed-multipart.md), 413 file-too-large named on the
 *   file's field; @fastify/multipart's other limit errors
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
  let name: string | undefined;
  try {
    for await (const part of request.parts()) {
      name = part.fieldname;
      if (seen.has(name)) throw fieldError('duplicate', name);
      seen.add(name);
      if (part.type === 'file') {
        if (!fileNames.includes(name)) throw fieldError('notText', name);
        const bytes = await part.toBuffer();
        if (bytes.length > 0) files[name] = bytes;
      } else if (fileNames.includes(name)) {
        if (typeof part.value !== 'string' || part.value !== '')
          throw new AppError(400, REASONS.fileType, undefined, [{ msg: 'fileType', path: name }]);
      } else {
        if (part.valueTruncated) throw fieldError('tooLong', name);
        if (typeof part.value !== 'string') throw fieldError('notText', name);
        fields[name] = part.value;
      }
    }
  } catch (error) {
    // A file part nobody consumes stalls the parser: close the connection after the answer.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string } | null)?.code;
    // Above UPLOAD_MAX_BYTES: named on the file's field as the image checks name theirs (catalog/uploads.ts).
    if (code === 'FST_REQ_FILE_TOO_LARGE' && name !== undefined)
      throw new AppError(413, REASONS.fileTooLarge, undefined, [{ msg: 'fileTooLarge', path: name }]);
    if (code && KEEP_CODES.has(code)) throw error;
    throw new AppError(400, REASONS.validation, 'multipart');
  }
  return { fields: { ...fields }, files: { ...files } };
}
