import { startEmulator } from './server';

/**
 * Runs the emulator alone: `PORT` (default 8081), `HOST` (default 127.0.0.1), the default seed, the panel's
 * rate limits unless `PTERODACTYL_EMULATOR_RATE_LIMIT=off`.
 */
const port = Number(process.env.PORT ?? 8081);
const rateLimit = process.env.PTERODACTYL_EMULATOR_RATE_LIMIT === 'off' ? { rateLimit: false as const } : {};
const emulator = await startEmulator(rateLimit, {
  port,
  host: process.env.HOST ?? '127.0.0.1',
  logger: true,
});
const { applicationKey, clientKey } = emulator.state.config;
console.log(`Pterodactyl emulator at ${emulator.url}`);
console.log(`PTERODACTYL_URL=${emulator.url}`);
console.log(`PTERODACTYL_APP_KEY=${applicationKey}`);
console.log(`PTERODACTYL_CLIENT_KEY=${clientKey}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
