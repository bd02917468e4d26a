import { readOrCreatePelicanKeys } from './keys';
import { startPelicanEmulator } from './server';

/**
 * Runs the emulator alone: `PORT` (default 8082), `HOST` (default 127.0.0.1), the default seed, Pelican's
 * rate limits unless `PELICAN_EMULATOR_RATE_LIMIT=off`, keys kept in `PELICAN_EMULATOR_KEYS` (a JSON file)
 * when set, else new ones.
 */
const port = Number(process.env.PORT ?? 8082);
const keysFile = process.env.PELICAN_EMULATOR_KEYS;
const emulator = await startPelicanEmulator(
  {
    ...(process.env.PELICAN_EMULATOR_RATE_LIMIT === 'off' ? { rateLimit: false as const } : {}),
    ...(keysFile ? readOrCreatePelicanKeys(keysFile) : {}),
  },
  { port, host: process.env.HOST ?? '127.0.0.1', logger: true },
);
const { applicationKey, clientKey } = emulator.state.config;
console.log(`Pelican emulator at ${emulator.url}`);
console.log(`PELICAN_URL=${emulator.url}`);
console.log(`PELICAN_APP_KEY=${applicationKey}`);
console.log(`PELICAN_CLIENT_KEY=${clientKey}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
