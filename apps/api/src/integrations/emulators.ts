/**
 * Demo mode: the Pterodactyl panel + Wings emulator and the Mollie emulator mounted on the product's own
 * server under /_emulators, reached by the real HTTP clients like the real services (architecture.md).
 */

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mollieEmulator from '@falkenhost/mollie-emulator/plugin';
import { createMollieState, type MollieState } from '@falkenhost/mollie-emulator/state';
import pterodactylEmulator from '@falkenhost/pterodactyl-emulator/plugin';
import { createEmulatorState, type EmulatorState } from '@falkenhost/pterodactyl-emulator/state';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export interface DemoEmulators {
  pterodactyl: EmulatorState;
  mollie: MollieState;
  close(): void;
}

/** Timings of the emulated services; tests shorten them. */
export interface EmulatorTiming {
  /** seconds a new panel server installs (default 5) */
  installSeconds?: number;
  /** milliseconds between Wings' stats events (default 2000) */
  statsIntervalMs?: number;
  /** lifetime of the panel's websocket tokens in seconds (default 600) */
  tokenTtlSeconds?: number;
  /** milliseconds between Wings' token expiry checks (default 30000) */
  tokenCheckIntervalMs?: number;
  /** delays of Mollie's webhook retries */
  webhookRetryDelaysMs?: number[];
}

export const PTERODACTYL_PREFIX = '/_emulators/pterodactyl';
export const MOLLIE_PREFIX = '/_emulators/mollie';

export async function mountEmulators(
  app: FastifyInstance,
  config: Config,
  now: () => number,
  timing: EmulatorTiming = {},
  persistDir?: string,
): Promise<DemoEmulators> {
  const wsBase = config.publicUrl.replace(/^http/, 'ws');
  const pterodactyl = createEmulatorState({
    publicUrl: `${config.publicUrl}${PTERODACTYL_PREFIX}`,
    wingsSocketBase: `${wsBase}${PTERODACTYL_PREFIX}/wings`,
    applicationKey: config.pterodactyl.applicationKey,
    clientKey: config.pterodactyl.clientKey,
    allowedOrigins: [new URL(config.publicUrl).origin, 'http://localhost:5173'],
    installSeconds: timing.installSeconds ?? 5,
    statsIntervalMs: timing.statsIntervalMs ?? 2000,
    ...(timing.tokenTtlSeconds ? { tokenTtlSeconds: timing.tokenTtlSeconds } : {}),
    ...(timing.tokenCheckIntervalMs ? { tokenCheckIntervalMs: timing.tokenCheckIntervalMs } : {}),
    now,
  });
  const mollie = createMollieState({
    publicUrl: `${config.publicUrl}${MOLLIE_PREFIX}`,
    apiKeys: [config.mollie.apiKey],
    ...(timing.webhookRetryDelaysMs ? { webhookRetryDelaysMs: timing.webhookRetryDelaysMs } : {}),
    now,
  });
  await app.register(pterodactylEmulator, { prefix: PTERODACTYL_PREFIX, state: pterodactyl });
  await app.register(mollieEmulator, { prefix: MOLLIE_PREFIX, state: mollie });
  const persistence = persistDir ? keepAcrossRestarts(persistDir, pterodactyl, mollie) : null;
  return {
    pterodactyl,
    mollie,
    close() {
      persistence?.stop();
      pterodactyl.close();
      mollie.close();
    },
  };
}

/**
 * The demo keeps its panel and payments across restarts, as the real services would: the emulators'
 * records are restored from `dir` at start and saved every 5 s and at close (docs/decisions.md).
 */
function keepAcrossRestarts(dir: string, pterodactyl: EmulatorState, mollie: MollieState): { stop(): void } {
  mkdirSync(dir, { recursive: true });
  const files = { pterodactyl: join(dir, 'pterodactyl.json'), mollie: join(dir, 'mollie.json') };
  if (existsSync(files.pterodactyl)) pterodactyl.restore(JSON.parse(readFileSync(files.pterodactyl, 'utf8')));
  if (existsSync(files.mollie)) mollie.restore(JSON.parse(readFileSync(files.mollie, 'utf8')));
  const write = (file: string, data: unknown) => {
    writeFileSync(`${file}.tmp`, JSON.stringify(data));
    renameSync(`${file}.tmp`, file);
  };
  const save = () => {
    write(files.pterodactyl, pterodactyl.snapshot());
    write(files.mollie, mollie.snapshot());
  };
  const timer = setInterval(save, 5_000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      save();
    },
  };
}
