import type { FastifyRequest } from 'fastify';
import { notFound } from '../api/errors';
import type { EmulatorState } from '../state/state';

/** Builds absolute URLs of other pages of the requested list (for `meta.pagination.links`). */
export function pageUrl(state: EmulatorState, request: FastifyRequest): (page: number) => string {
  return (page) => {
    const url = new URL(request.url, new URL(state.config.publicUrl).origin);
    url.searchParams.set('page', String(page));
    return url.toString();
  };
}

/** The numeric route parameter; a non-numeric value answers 404 like the panel's route model binding. */
export function numericParam(request: FastifyRequest, name: string): number {
  const raw = (request.params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d+$/.test(raw)) throw notFound();
  return Number(raw);
}

/** The row, or a thrown 404 NotFoundHttpException. */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw notFound();
  return row;
}

/**
 * Adds `relationships` for the requested includes that the resource knows; unknown ones are ignored.
 * @param available include name -> envelope builder
 */
export function withIncludes<A extends object>(
  attributes: A,
  include: string[],
  available: Record<string, () => unknown>,
): A & { relationships?: Record<string, unknown> } {
  const relationships: Record<string, unknown> = {};
  for (const name of include) {
    const build = available[name];
    if (build) relationships[name] = build();
  }
  return Object.keys(relationships).length > 0 ? { ...attributes, relationships } : attributes;
}
