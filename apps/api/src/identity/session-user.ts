/**
 * The session read of every logged-in request (http/guards.ts): the session's user, with the few columns
 * the guards check, from one prepared statement (issue 11, part 4).
 */
import { CompiledQuery, type InferResult, type Kysely } from 'kysely';
import { firstRowNow } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import type { NowOrLater } from '../platform/now-or-later';

/**
 * The user's columns read with the session on every logged-in request: what the guards check and what the
 * most called routes answer with (the balance the top bar polls). The whole row costs several times more
 * to read (22 columns, strings among them: issue 11 part 4); a route that needs it calls http/guards.ts `userOf`.
 */
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

/** The user's columns a guard has read (SESSION_USER_COLUMNS); http/guards.ts `userOf` gives the whole row. */
export type SessionUserColumns = InferResult<ReturnType<typeof sessionUserQuery>>[number];

/** The session read's row from its values, which come in the order of SESSION_USER_COLUMNS. */
const sessionUserOf = (values: unknown[]): SessionUserColumns => ({
  id: values[0] as SessionUserColumns['id'],
  role: values[1] as SessionUserColumns['role'],
  credits: values[2] as SessionUserColumns['credits'],
  email_verified: values[3] as SessionUserColumns['email_verified'],
  active: values[4] as SessionUserColumns['active'],
  token_version: values[5] as SessionUserColumns['token_version'],
});

const compiledSessionUser = new WeakMap<Kysely<Database>, string>();

/** The session read's SQL for this database, built and checked once. */
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

/**
 * The user of a session that is not revoked, read on every logged-in request. Its SQL is built once per
 * database and run with the two ids: building and compiling it with Kysely each time cost more than the
 * query (issue 11, part 4). On SQLite it runs at once outside transactions (`firstRowNow`).
 * @returns the row, or undefined when the session is revoked or unknown
 */
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
