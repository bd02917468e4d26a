/**
 * Keeps the emulated Pterodactyl panel on disk as a snapshot plus a journal of its table changes
 * (docs/decisions/102-...); the journal itself is panel-neutral (`journal.ts`).
 */

import { applyChanges, type EmulatorSnapshot, type PanelChange } from './database';
import { type JournalStore, openJournalStore } from './journal';

export { writeFileDurably } from './journal';

/** The Pterodactyl panel's files in a folder: `${name}.json` and `${name}.journal`. */
export type PanelStore = JournalStore<EmulatorSnapshot, PanelChange>;

/**
 * Opens (creating) the panel's files in `dir`, `pterodactyl.json` and `pterodactyl.journal` unless named.
 * @param serialize the state as JSON text (`state.serialize()`); called by `compact()` only
 * @param options `compactEvery`: changes between two snapshots (default 1000)
 * @throws Error when the snapshot or a journal line other than the last is not JSON
 */
export function openPanelStore(
  dir: string,
  serialize: () => string,
  options: { name?: string; compactEvery?: number } = {},
): PanelStore {
  return openJournalStore(dir, serialize, applyChanges, { ...options, name: options.name ?? 'pterodactyl' });
}
