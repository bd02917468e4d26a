/** The language a request is answered in, for the few API answers that carry catalogue or invoice texts. */
import type { Language } from '@falkenhost/contracts/constants';
import type { FastifyRequest } from 'fastify';
import { spokenLanguageOf } from '../identity/users';

/**
 * The first language of the request's Accept-Language the product speaks, else English. The web client
 * sends the page's language first (apps/web/src/lib/api-client.ts).
 */
export function requestLanguage(request: FastifyRequest): Language {
  return (spokenLanguageOf(request.headers['accept-language']) ?? 'en') as Language;
}
