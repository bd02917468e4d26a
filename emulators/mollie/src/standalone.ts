import Fastify from 'fastify';
import mollieEmulator from './plugin.js';
import { createMollieState } from './state/state';

// Runs the emulator alone: `PORT=8082 tsx src/standalone.ts`; SDK serverURL = http://localhost:PORT.
// STRICT_WEBHOOK_URLS=1 refuses webhook URLs Mollie could not reach, as Mollie does.
const port = Number(process.env.PORT ?? 8082);
const host = process.env.HOST ?? '127.0.0.1';
const publicUrl = process.env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;

const state = createMollieState({ publicUrl, strictWebhookUrls: process.env.STRICT_WEBHOOK_URLS === '1' });
const app = Fastify({ logger: true });
await app.register(mollieEmulator, { state });
await app.listen({ port, host });
app.log.info(`Mollie emulator: API ${publicUrl}/v2, SDK serverURL ${publicUrl}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    state.close();
    void app.close().then(() => process.exit(0));
  });
}
