const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const DOCUMENTATION = 'https://docs.mollie.com/overview/handling-errors';

/** Mollie's error body: `{status, title, detail, field?, _links:{documentation:{href,type}}}`. */
export interface MollieErrorBody {
  status: number;
  title: string;
  detail: string;
  field?: string;
  _links: { documentation: { href: string; type: string } };
}

/**
 * An error the API answers with Mollie's error body and `application/hal+json`.
 * Throw it from a handler or from the state; the plugin's error handler renders it.
 */
export class MollieError extends Error {
  readonly statusCode: number;
  readonly field?: string;

  /**
   * @param statusCode HTTP status (400, 401, 404, 409, 422, ...)
   * @param detail human-readable detail, Mollie's wording where known
   * @param field the request field at fault (422 only), e.g. `amount`
   */
  constructor(statusCode: number, detail: string, field?: string) {
    super(detail);
    this.name = 'MollieError';
    this.statusCode = statusCode;
    if (field !== undefined) this.field = field;
  }

  /** The JSON body Mollie sends for this error. */
  toBody(): MollieErrorBody {
    return errorBody(this.statusCode, this.message, this.field);
  }
}

/** Builds Mollie's error body for a status, detail and optional field. */
export function errorBody(status: number, detail: string, field?: string): MollieErrorBody {
  return {
    status,
    title: TITLES[status] ?? 'Error',
    detail,
    ...(field !== undefined ? { field } : {}),
    _links: { documentation: { href: DOCUMENTATION, type: 'text/html' } },
  };
}

/** 422 for a request field, e.g. `unprocessable('amount', 'The amount is invalid')`. */
export function unprocessable(field: string, detail: string): MollieError {
  return new MollieError(422, detail, field);
}

/** 404 with Mollie's wording, e.g. `No payment exists with token tr_xxx.` */
export function notFound(resource: string, id: string): MollieError {
  return new MollieError(404, `No ${resource} exists with token ${id}.`);
}
