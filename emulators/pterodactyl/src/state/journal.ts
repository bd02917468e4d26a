/**
 * Panel-neutral persistence, shared with the Pelican emulator: keeps an emulated panel on disk as a
 * snapshot plus a journal of changes (docs/decisions/102-...): each change is appended to the journal
 * synchronously (a killed process loses nothing already changed) and flushed with fdatasync before the
 * answers wait no more (an OS crash loses nothing already answered); every so many changes, and at start
 * and close, the whole state becomes the new snapshot and the journal is emptied.
 */
import {
  closeSync,
  existsSync,
  fdatasync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const datasync = promisify(fdatasync);

/**
 * A panel's files in a folder: `${name}.json` (the snapshot, `S`) and `${name}.journal` (changes `C` since),
 * whatever the panel's tables and changes look like.
 */
export interface JournalStore<S, C> {
  /** what the folder held at opening (snapshot with the journal replayed), or null on a first start */
  readonly loaded: S | null;
  /** the `onChange` hook: appends the change; resolves once it (and every earlier one) is on disk */
  record(change: C): Promise<void>;
  /** writes `serialize()` as the new snapshot (temporary file, fsync, rename) and empties the journal */
  compact(): void;
  /** compacts and closes the journal; later changes are not kept */
  close(): void;
}

/**
 * Writes `text` to `file` durably: a temporary file flushed to disk, then renamed over the old one, so a
 * crash leaves the previous or the new content, never half of one.
 */
export function writeFileDurably(file: string, text: string): void {
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/** Reads the journal's changes; a last line cut short by a crash was never answered and is dropped. */
function readJournal<C>(file: string): C[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  const changes: C[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      changes.push(JSON.parse(line) as C);
    } catch (error) {
      if (i < lines.length - 1 && lines.slice(i + 1).some((l) => l.trim() !== '')) throw error;
    }
  });
  return changes;
}

/**
 * Opens (creating) a panel's files in `dir`; the panel says how its changes replay over its snapshot.
 * @param serialize the state as JSON text (`state.serialize()`); called by `compact()` only
 * @param replay applies journal changes, in order, to the snapshot they were written after
 * @param options `name` of the files, `compactEvery`: changes between two snapshots (default 1000)
 * @throws Error when the snapshot or a journal line other than the last is not JSON
 */
export function openJournalStore<S, C>(
  dir: string,
  serialize: () => string,
  replay: (snapshot: S, changes: C[]) => S,
  options: { name: string; compactEvery?: number },
): JournalStore<S, C> {
  mkdirSync(dir, { recursive: true });
  const { name } = options;
  const compactEvery = options.compactEvery ?? 1000;
  const files = { snapshot: join(dir, `${name}.json`), journal: join(dir, `${name}.journal`) };
  const snapshot = existsSync(files.snapshot)
    ? (JSON.parse(readFileSync(files.snapshot, 'utf8')) as S)
    : null;
  const changes = readJournal<C>(files.journal);
  const loaded = snapshot ? replay(snapshot, changes) : null;
  const fd = openSync(files.journal, 'a');
  let sinceCompaction = changes.length;
  let closed = false;
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  /** Resolves once every write made before the call is on disk; one fdatasync covers many writes. */
  function synced(): Promise<void> {
    if (!inFlight) {
      inFlight = datasync(fd).finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return synced();
      });
    return queued;
  }

  function compact(): void {
    writeFileDurably(files.snapshot, serialize());
    ftruncateSync(fd, 0);
    sinceCompaction = 0;
  }

  return {
    loaded,
    record(change) {
      if (closed) return Promise.resolve();
      writeSync(fd, `${JSON.stringify(change)}\n`);
      sinceCompaction += 1;
      if (sinceCompaction >= compactEvery) {
        compact();
        return Promise.resolve();
      }
      return synced();
    },
    compact,
    close() {
      if (closed) return;
      compact();
      closed = true;
      // An fdatasync still running keeps the descriptor until it is done.
      if (inFlight) void inFlight.finally(() => closeSync(fd)).catch(() => undefined);
      else closeSync(fd);
    },
  };
}
