import Fastify from 'fastify';
import mollieEmulator from './plugin.js';
import { createMollieState } from './state.js';

// Runs the emulator alone: `PORT=8082 tsx src/standalone.ts`; SDK serverURL = http://localhost:PORT
const port = Number(process.env.PORT ?? 8082);
const host = process.env.HOST ?? '127.0.0.1';
const publicUrl = process.env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;

const state = createMollieState({ publicUrl });
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
