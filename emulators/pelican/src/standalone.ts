import { openJournalStore } from '@falkenhost/pterodactyl-emulator/state/journal';
import { readOrCreatePelicanKeys } from './keys';
import { type RunningPelicanEmulator, startPelicanEmulator } from './server';
import { applyPelicanChanges, type PelicanChange } from './state/journal';
import type { PelicanSnapshot } from './state/state';

/**
 * Runs the emulator alone: `PORT` (default 8082), `HOST` (default 127.0.0.1), the default seed, Pelican's
 * rate limits unless `PELICAN_EMULATOR_RATE_LIMIT=off`, keys kept in `PELICAN_EMULATOR_KEYS` (a JSON file)
 * when set, else new ones, and the panel's tables kept in the folder `PELICAN_EMULATOR_DATA` (snapshot plus
 * journal, `pelican.json` and `pelican.journal`) when set.
 */
const port = Number(process.env.PORT ?? 8082);
const keysFile = process.env.PELICAN_EMULATOR_KEYS;
const dataDir = process.env.PELICAN_EMULATOR_DATA;
let running: RunningPelicanEmulator | undefined;
const store = dataDir
  ? openJournalStore<PelicanSnapshot, PelicanChange>(
      dataDir,
      () => running?.state.serialize() ?? '{}',
      applyPelicanChanges,
      { name: 'pelican' },
    )
  : null;
const emulator = await startPelicanEmulator(
  {
    ...(process.env.PELICAN_EMULATOR_RATE_LIMIT === 'off' ? { rateLimit: false as const } : {}),
    ...(keysFile ? readOrCreatePelicanKeys(keysFile) : {}),
    ...(store ? { onChange: (change: PelicanChange) => store.record(change) } : {}),
  },
  { port, host: process.env.HOST ?? '127.0.0.1', logger: true },
);
running = emulator;
if (store?.loaded) emulator.state.restore(store.loaded);
store?.compact();
const { applicationKey, clientKey } = emulator.state.config;
console.log(`Pelican emulator at ${emulator.url}`);
console.log(`PELICAN_URL=${emulator.url}`);
console.log(`PELICAN_APP_KEY=${applicationKey}`);
console.log(`PELICAN_CLIENT_KEY=${clientKey}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void emulator.close().then(() => {
      store?.close();
      process.exit(0);
    });
  });
}
