/** The session read of every logged-in request (docs/decisions/021-session-read-every-request.md). */
import { CompiledQuery, type InferResult, type Kysely } from 'kysely';
import { firstRowNow } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import type { NowOrLater } from '../platform/now-or-later';

/** The user's columns read with the session (decision 021); `userOf` reads the rest. */
const SESSION_USER_COLUMNS = [
  'users.id',
  'users.role',
  'users.credits',
  'users.email_verified',
  'users.active',
  'users.token_version',
] as const;

const sessionUserQuery = (db: Kysely<Database>, userId: number, sessionId: number) =>
  db
    .selectFrom('users')
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select(SESSION_USER_COLUMNS)
    .where('users.id', '=', userId)
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null);

export type SessionUserColumns = InferResult<ReturnType<typeof sessionUserQuery>>[number];

const sessionUserOf = (values: unknown[]): SessionUserColumns => ({
  id: values[0] as SessionUserColumns['id'],
  role: values[1] as SessionUserColumns['role'],
  credits: values[2] as SessionUserColumns['credits'],
  email_verified: values[3] as SessionUserColumns['email_verified'],
  active: values[4] as SessionUserColumns['active'],
  token_version: values[5] as SessionUserColumns['token_version'],
});

const compiledSessionUser = new WeakMap<Kysely<Database>, string>();

function sessionUserSql(db: Kysely<Database>): string {
  let text = compiledSessionUser.get(db);
  if (text === undefined) {
    const compiled = sessionUserQuery(db, -1, -2).compile();
    if (compiled.parameters.join() !== '-1,-2')
      throw new Error('the session query takes the two ids in order');
    const names = Object.keys(sessionUserOf([]));
    if (names.join() !== SESSION_USER_COLUMNS.map((column) => column.slice('users.'.length)).join())
      throw new Error('the session row is read in the order of SESSION_USER_COLUMNS');
    text = compiled.sql;
    compiledSessionUser.set(db, text);
  }
  return text;
}

/** The user of a session that is not revoked (decision 021). @returns the row, or undefined */
export function sessionUser(
  db: Kysely<Database>,
  userId: number,
  sessionId: number,
): NowOrLater<SessionUserColumns | undefined> {
  const text = sessionUserSql(db);
  const parameters = [userId, sessionId];
  const values = firstRowNow(db, text, parameters);
  if (values === null) return undefined;
  if (values !== undefined) return sessionUserOf(values);
  return db.executeQuery<SessionUserColumns>(CompiledQuery.raw(text, parameters)).then(({ rows }) => rows[0]);
}
