/**
 * The Pelican emulator's changes for the shared journal (`@falkenhost/pterodactyl-emulator/state/journal`):
 * the routes change rows in place, so a change is found by comparing each row with how it was last kept,
 * once per answer and after each finished install.
 */
import type { PelicanDatabase } from './records';

type Table = keyof PelicanDatabase;
/** The shape of the state's `PelicanSnapshot`, spelt here so the state can import this module. */
type PelicanSnapshot = PelicanDatabase & { sequences: Record<Table, number> };
const TABLES: Table[] = ['nodes', 'allocations', 'eggs', 'users', 'servers'];

/** One change of the tables as the journal keeps it. */
export interface PelicanChange {
  /** rows inserted or updated, as they are after the change */
  rows: { [T in Table]?: PelicanDatabase[T] };
  /** ids of rows deleted */
  removed: { [T in Table]?: number[] };
  /** the sequences after the change */
  sequences: PelicanSnapshot['sequences'];
}

/**
 * Applies changes, in order, to a snapshot (upsert by id, delete by id, sequences raised), the replay the
 * journal store needs; applying a change the snapshot already holds again leaves the same tables.
 */
export function applyPelicanChanges(snapshot: PelicanSnapshot, changes: PelicanChange[]): PelicanSnapshot {
  const result = structuredClone(snapshot);
  for (const change of changes)
    for (const table of TABLES) {
      const rows = new Map<number, { id: number }>(result[table].map((r) => [r.id, r]));
      for (const row of change.rows[table] ?? []) rows.set(row.id, row);
      for (const id of change.removed[table] ?? []) rows.delete(id);
      (result as unknown as Record<Table, unknown[]>)[table] = [...rows.values()];
      result.sequences[table] = Math.max(result.sequences[table], change.sequences[table] ?? 0);
    }
  return result;
}

/** Finds what changed in `db` since the last `take()` (or `reset()`), row by row. */
export interface ChangeFeed {
  /** the rows changed and removed since the last call, or null when nothing changed */
  take(sequences: PelicanSnapshot['sequences']): PelicanChange | null;
  /** takes the tables as they are as kept (after a restore) */
  reset(): void;
}

/** A change feed over the live tables; rows are compared as JSON. */
export function createChangeFeed(db: PelicanDatabase): ChangeFeed {
  let kept = new Map<Table, Map<number, string>>();
  let keptSequences = '';
  const view = () =>
    new Map(
      TABLES.map((t) => [t, new Map((db[t] as Array<{ id: number }>).map((r) => [r.id, JSON.stringify(r)]))]),
    );
  kept = view();
  return {
    take(sequences) {
      const now = view();
      const change: PelicanChange = { rows: {}, removed: {}, sequences: { ...sequences } };
      let any = false;
      for (const table of TABLES) {
        const before = kept.get(table) ?? new Map();
        const after = now.get(table) ?? new Map();
        const rows = [...after]
          .filter(([id, json]) => before.get(id) !== json)
          .map(([, json]) => JSON.parse(json));
        const removed = [...before.keys()].filter((id) => !after.has(id));
        if (rows.length > 0) (change.rows as Record<Table, unknown[]>)[table] = rows;
        if (removed.length > 0) change.removed[table] = removed;
        any ||= rows.length > 0 || removed.length > 0;
      }
      kept = now;
      // A sequence moved without a row (an id taken by a call that then failed) is kept too.
      any ||= keptSequences !== '' && keptSequences !== JSON.stringify(sequences);
      keptSequences = JSON.stringify(sequences);
      return any ? change : null;
    },
    reset() {
      kept = view();
      keptSequences = '';
    },
  };
}

/** What the state keeps with: `durable()` for the answers and install timers, `reset()` after a restore. */
export interface Keeper {
  /** hands the changes since the last call to `onChange`; settles once it has kept them (rejects if not) */
  durable(): Promise<void>;
  /** takes the tables as they are as already kept */
  reset(): void;
}

/** A keeper over the live tables and sequences; without `onChange` it compares nothing. */
export function createKeeper(
  db: PelicanDatabase,
  sequences: Record<Table, number>,
  onChange: ((change: PelicanChange) => void | Promise<void>) | undefined,
): Keeper {
  const feed = createChangeFeed(db);
  let keeping: Promise<void> = Promise.resolve();
  return {
    durable() {
      if (!onChange) return keeping;
      const change = feed.take(sequences);
      if (change) {
        const written = onChange(change);
        // Each answer waits for every change before it; a failure reaches the answers waiting.
        keeping = keeping.catch(() => undefined).then(() => written);
      }
      return keeping;
    },
    reset: () => feed.reset(),
  };
}
