import { randomUUID } from 'node:crypto';
import { assertValid } from '@falkenhost/pterodactyl-emulator/api/errors';
import { normaliseInput, validateFields } from '@falkenhost/pterodactyl-emulator/rules';
import type { UserRecord } from './state/records';
import type { PelicanState } from './state/state';

/** DateTimeZone::listIdentifiers(), as far as the runtime's ICU knows them. */
const TIMEZONES = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].join(',');

/**
 * StoreUserRequest: `User::getRules()` reduced to the fields it accepts. First and last name and
 * `root_admin` are no fields any more; the username has no format rule beyond its length.
 */
const RULES: Record<string, string> = {
  external_id: 'sometimes|nullable|string|max:255|unique',
  is_managed_externally: 'boolean',
  email: 'required|email|between:1,255|unique',
  username: 'required|between:1,255|unique',
  password: 'sometimes|nullable|string',
  language: 'string',
  timezone: `string|in:${TIMEZONES}`,
};

/** StoreUserRequest::attributes(). */
const ATTRIBUTES = {
  external_id: 'Third Party Identifier',
  is_managed_externally: 'Is managed by Third Party?',
};

/**
 * Validates a `POST /users` body and inserts the user; username and e-mail are stored lower case (the
 * model's `saving` hook), the time zone defaults to UTC and the language to `en`; any other field is ignored.
 * @returns the new row
 * @throws PanelError 422 with one entry per failed field (e-mail, username or external id taken,
 *   case-insensitively); a failure queued with `failNext('createUser')`
 */
export function createUser(state: PelicanState, rawBody: unknown): UserRecord {
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
        email: { unique: (v) => !users.some((u) => u.email === lower(v)) },
        username: { unique: (v) => !users.some((u) => u.username === lower(v)) },
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
    is_managed_externally: body.is_managed_externally === true || body.is_managed_externally === 1,
    username: lower(body.username),
    email: lower(body.email),
    language: typeof body.language === 'string' ? body.language : 'en',
    timezone: typeof body.timezone === 'string' ? body.timezone : 'UTC',
    root_admin: false,
    two_factor: false,
    created_at: at,
    updated_at: at,
  };
  users.push(user);
  return user;
}
