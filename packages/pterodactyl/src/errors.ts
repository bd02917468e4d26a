/** One entry of the panel's `{ errors: [...] }` envelope. */
export interface PterodactylErrorEntry {
  /** short exception name, e.g. `ValidationException` */
  code: string;
  /** HTTP status as a string */
  status: string;
  detail: string;
  /** 422 only: the failed field (e.g. `environment.SERVER_JARFILE`) and rule (e.g. `required`) */
  meta?: { source_field?: string; rule?: string };
}

/**
 * A failed panel call. `status` is the HTTP status (0 for network failures and timeouts), `code` the
 * first error's code (`NotFoundHttpException`, `ValidationException`, `NoViableNodeException`,
 * `DaemonConnectionException`, ... or `ConnectionError` when the panel could not be reached), `errors`
 * the panel's full list.
 */
export class PterodactylError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors: PterodactylErrorEntry[];

  constructor(status: number, errors: PterodactylErrorEntry[]) {
    const first = errors[0];
    super(`Pterodactyl ${status} ${first?.code ?? 'Error'}: ${first?.detail ?? 'request failed'}`);
    this.name = 'PterodactylError';
    this.status = status;
    this.code = first?.code ?? 'HttpException';
    this.detail = first?.detail ?? '';
    this.errors = errors;
  }
}

/** Code of errors where no HTTP answer came back (network failure or timeout). */
export const CONNECTION_ERROR = 'ConnectionError';

/** A status-0 `ConnectionError`. */
export function connectionError(detail: string): PterodactylError {
  return new PterodactylError(0, [{ code: CONNECTION_ERROR, status: '0', detail }]);
}

export function isPterodactylError(error: unknown): error is PterodactylError {
  return error instanceof PterodactylError;
}

/** 404 from the panel. */
export function isNotFound(error: unknown): boolean {
  return isPterodactylError(error) && error.status === 404;
}

/** 422 ValidationException; `error.errors[].meta.source_field` names the fields. */
export function isValidationError(error: unknown): boolean {
  return isPterodactylError(error) && error.status === 422;
}

/** No node or no allocation can take the server (NoViableNodeException / NoViableAllocationException). */
export function isNoCapacityError(error: unknown): boolean {
  return (
    isPterodactylError(error) &&
    (error.code === 'NoViableNodeException' || error.code === 'NoViableAllocationException')
  );
}

/** The panel or its daemon could not be reached (status 0, or DaemonConnectionException). */
export function isConnectionError(error: unknown): boolean {
  return isPterodactylError(error) && (error.status === 0 || error.code === 'DaemonConnectionException');
}

/** 409 ServerStateConflictException: the server is suspended, installing, or its node in maintenance. */
export function isStateConflict(error: unknown): boolean {
  return isPterodactylError(error) && error.code === 'ServerStateConflictException';
}
