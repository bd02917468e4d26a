/** Accept-Encoding negotiation for answers whose compressed variants are made once (RFC 9110 §12.5.3). */
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

const THRESHOLD = 1024;

/** A text answer with its brotli and gzip variants, each made on first request and kept. */
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
