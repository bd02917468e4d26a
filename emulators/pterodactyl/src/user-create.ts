import { randomUUID } from 'node:crypto';
import { assertValid } from './errors';
import type { UserRecord } from './records';
import { normaliseInput, validateFields } from './rules';
import type { EmulatorState } from './state';

/** The panel's username rule (checked on the lowercased value). */
export const USERNAME_REGEX = /^[a-z0-9]([\w.-]+)[a-z0-9]$/;

const RULES: Record<string, string> = {
  external_id: 'sometimes|nullable|string|between:1,191|unique',
  email: 'required|email|between:1,191|unique',
  username: 'required|string|between:1,191|unique|p_username',
  first_name: 'required|string|between:1,191',
  last_name: 'required|string|between:1,191',
  password: 'sometimes|nullable|string',
  root_admin: 'sometimes|boolean',
  language: 'sometimes|string',
};

/**
 * Validates a `POST /users` body and inserts the user.
 * @returns the new row
 * @throws PanelError 422 with one entry per failed field (unique email/username/external_id, username rule);
 *   a failure queued with `failNext('createUser')`
 */
export function createUser(state: EmulatorState, rawBody: unknown): UserRecord {
  const body = normaliseInput(rawBody ?? {}) as Record<string, unknown>;
  const { users } = state.db;
  const lower = (v: unknown) => String(v).toLowerCase();
  assertValid(
    validateFields(body, RULES, {
      external_id: { unique: (v) => !users.some((u) => u.external_id === String(v)) },
      email: { unique: (v) => !users.some((u) => u.email.toLowerCase() === lower(v)) },
      username: {
        // The panel's Rules\Username object, reported as rule `p_username` with its message as written
        // (a line break and indentation inside).
        p_username: (v) =>
          USERNAME_REGEX.test(lower(v)) ||
          'The username must start and end with alpha-numeric characters and\n                contain only letters, numbers, dashes, underscores, and periods.',
        unique: (v) => !users.some((u) => u.username === lower(v)),
      },
    }),
  );
  const failure = state.takeFailure('createUser');
  if (failure) throw failure;
  const at = state.timestamp();
  const user: UserRecord = {
    id: users.reduce((max, u) => Math.max(max, u.id), 0) + 1,
    uuid: randomUUID(),
    external_id: (body.external_id as string | null | undefined) ?? null,
    username: lower(body.username),
    email: String(body.email),
    first_name: String(body.first_name),
    last_name: String(body.last_name),
    language: typeof body.language === 'string' ? body.language : 'en',
    root_admin: body.root_admin === true || body.root_admin === 1 || body.root_admin === '1',
    two_factor: false,
    created_at: at,
    updated_at: at,
  };
  users.push(user);
  return user;
}
