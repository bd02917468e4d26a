/**
 * Content negotiation of `Accept-Encoding` (RFC 9110 §12.5.3) for answers whose compressed variants exist
 * already (the web client's files, made at build time) or are made once and kept (cached answers,
 * platform/public-cache.ts), so no request pays for compressing.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Encodings {
  br: boolean;
  gzip: boolean;
}

/** Which of brotli and gzip an Accept-Encoding header accepts (q=0 refuses; `*` accepts any). */
export function acceptedEncodings(header: string): Encodings {
  let br: boolean | undefined;
  let gzip: boolean | undefined;
  let star = false;
  for (const item of header.split(',')) {
    const [token = '', ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (token === 'br') br = ok;
    else if (token === 'gzip' || token === 'x-gzip') gzip = ok;
    else if (token === '*') star = ok;
  }
  return { br: br ?? star, gzip: gzip ?? star };
}

// Clients send few distinct headers: their answers are kept (bounded).
const acceptCache = new Map<string, Encodings>();

/** `acceptedEncodings` of the request's header, remembered per distinct header; undefined without one. */
export function requestEncodings(request: FastifyRequest): Encodings | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  let value = acceptCache.get(header);
  if (!value) {
    value = acceptedEncodings(header);
    if (acceptCache.size > 200) acceptCache.clear();
    acceptCache.set(header, value);
  }
  return value;
}

/** Below this many bytes an answer is sent as it is (as @fastify/compress's threshold, server.ts). */
const THRESHOLD = 1024;

/**
 * A text answer with its brotli and gzip variants, each made the first time a client accepts it and kept
 * as long as the answer (brotli quality 9: a 15 KB page in about 2 ms, once).
 */
export class EncodedText {
  readonly text: string;
  #body: Buffer | undefined;
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;

  constructor(text: string) {
    this.text = text;
  }

  /** Sends the variant `request` accepts with `Vary: Accept-Encoding` (the route must have `compress: false`). */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    this.#body ??= Buffer.from(this.text);
    if (this.#body.length < THRESHOLD) return reply.send(this.#body);
    reply.header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
    const accepts = requestEncodings(request);
    if (accepts?.br) {
      this.#br ??= brotliCompressSync(this.#body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: this.#body.length,
        },
      });
      return reply.header('content-encoding', 'br').send(this.#br);
    }
    if (accepts?.gzip) {
      this.#gzip ??= gzipSync(this.#body, { level: 9 });
      return reply.header('content-encoding', 'gzip').send(this.#gzip);
    }
    return reply.send(this.#body);
  }
}

function appendVary(current: unknown, name: string): string {
  const value = typeof current === 'string' ? current : '';
  return value ? `${value}, ${name}` : name;
}
