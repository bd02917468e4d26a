import { randomUUID } from 'node:crypto';
import { assertValid } from './api/errors';
import { normaliseInput, validateFields } from './rules';
import type { UserRecord } from './state/records';
import type { EmulatorState } from './state/state';

/** The panel's username rule (app/Rules/Username.php; checked on the lowercased value). */
export const USERNAME_REGEX = /^[a-z0-9]([\w.-]+)[a-z0-9]$/;

/** The Username rule's message as the panel sends it, line break and indentation included. */
const USERNAME_MESSAGE =
  'The username must start and end with alpha-numeric characters and\n                contain only letters, numbers, dashes, underscores, and periods.';

// StoreUserRequest: User::$validationRules, the Username rule (reported as `p_username`) after `unique`.
const RULES: Record<string, string> = {
  external_id: 'sometimes|nullable|string|max:191|unique',
  email: 'required|email|between:1,191|unique',
  username: 'required|between:1,191|unique|p_username',
  password: 'sometimes|nullable|string',
  language: 'string',
  root_admin: 'boolean',
  first_name: 'required|string|between:1,191',
  last_name: 'required|string|between:1,191',
};

/** StoreUserRequest::attributes() (its `name_first`/`name_last` entries never match a request field). */
const ATTRIBUTES = { external_id: 'Third Party Identifier', root_admin: 'Root Administrator Status' };

/**
 * Validates a `POST /users` body and inserts the user.
 * @returns the new row
 * @throws PanelError 422 with one entry per failed field, as the panel's StoreUserRequest: e-mail or
 *   username taken (case-insensitive) "The email has already been taken." / "The username has already been
 *   taken.", external_id taken "The Third Party Identifier has already been taken.", the Username rule;
 *   a failure queued with `failNext('createUser')`
 */
export function createUser(state: EmulatorState, rawBody: unknown): UserRecord {
  const body = normaliseInput(rawBody ?? {}) as Record<string, unknown>;
  const { users } = state.db;
  const lower = (v: unknown) => String(v).toLowerCase();
  assertValid(
    validateFields(
      body,
      RULES,
      {
        // MySQL's case-insensitive collation decides `unique` on the panel.
        external_id: { unique: (v) => !users.some((u) => u.external_id?.toLowerCase() === lower(v)) },
        email: { unique: (v) => !users.some((u) => u.email.toLowerCase() === lower(v)) },
        username: {
          p_username: (v) => USERNAME_REGEX.test(lower(v)) || USERNAME_MESSAGE,
          unique: (v) => !users.some((u) => u.username === lower(v)),
        },
      },
      ATTRIBUTES,
    ),
  );
  const failure = state.takeFailure('createUser');
  if (failure) throw failure;
  const at = state.timestamp();
  const user: UserRecord = {
    id: state.nextId('users'),
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
  state.changed({ users: [user] });
  return user;
}
