import type { ValidationIssue } from '../rules';

/** One entry of the panel's error envelope `{ errors: [...] }`. */
export interface PanelErrorEntry {
  /** short exception name, e.g. `NotFoundHttpException` */
  code: string;
  /** HTTP status as a string, e.g. `"404"` */
  status: string;
  detail: string;
  meta?: { source_field: string; rule: string };
}

/** An error the routes throw; the plugin's error handler renders it as `{ errors }` with `status`. */
export class PanelError extends Error {
  readonly status: number;
  readonly errors: PanelErrorEntry[];

  constructor(status: number, errors: PanelErrorEntry[]) {
    super(errors[0]?.detail ?? 'Panel error');
    this.name = 'PanelError';
    this.status = status;
    this.errors = errors;
  }
}

/** A single-entry panel error, e.g. `panelError(400, 'NoViableNodeException', '...')`. */
export function panelError(status: number, code: string, detail: string): PanelError {
  return new PanelError(status, [{ code, status: String(status), detail }]);
}

/** 404 NotFoundHttpException with the panel's text. */
export function notFound(): PanelError {
  return panelError(404, 'NotFoundHttpException', 'The requested resource could not be found on the server.');
}

/** 422 ValidationException: one entry per failed field, with `meta.source_field` and `meta.rule`. */
export function validationError(issues: ValidationIssue[]): PanelError {
  return new PanelError(
    422,
    issues.map((issue) => ({
      code: 'ValidationException',
      status: '422',
      detail: issue.detail,
      meta: { source_field: issue.field, rule: issue.rule },
    })),
  );
}

/** Throws a 422 when there are issues. */
export function assertValid(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw validationError(issues);
}

/** 400 NoViableNodeException, as the panel's deployment service answers. */
export function noViableNode(): PanelError {
  return panelError(
    400,
    'NoViableNodeException',
    'No nodes satisfying the requirements specified for automatic deployment could be found.',
  );
}

/** 400 NoViableAllocationException, as the panel's allocation selection answers. */
export function noViableAllocation(): PanelError {
  return panelError(
    400,
    'NoViableAllocationException',
    'No allocations satisfying the requirements for automatic deployment were found.',
  );
}
