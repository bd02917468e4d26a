/** The one way to answer with a client error: throw `new AppError(status, reason)`. */
import type { Reason } from '@falkenhost/contracts/errors';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly reason: Reason,
    message?: string,
    readonly errors?: { msg: string; path: string }[],
  ) {
    super(message ?? reason);
    this.name = 'AppError';
  }
}

/** True when a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
