import type { FastifyRequest } from 'fastify';
import type { PelicanState } from '../state/state';

export { found, numericParam, withIncludes } from '@falkenhost/pterodactyl-emulator/routes/helpers';

/** Builds absolute URLs of other pages of the requested list (for `meta.pagination.links`). */
export function pageUrl(state: PelicanState, request: FastifyRequest): (page: number) => string {
  return (page) => {
    const url = new URL(request.url, new URL(state.config.publicUrl).origin);
    url.searchParams.set('page', String(page));
    return url.toString();
  };
}
