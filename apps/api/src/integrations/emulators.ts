/**
 * Demo mode: the Pterodactyl panel + Wings emulator and the Mollie emulator mounted on the product's own
 * server under /_emulators, reached by the real HTTP clients like the real services (architecture.md).
 */

import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
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

export const PTERODACTYL_PREFIX = '/_emulators/pterodactyl';
export const MOLLIE_PREFIX = '/_emulators/mollie';

export async function mountEmulators(
  app: FastifyInstance,
  config: Config,
  now: () => number,
  timing: { installSeconds?: number; statsIntervalMs?: number; webhookRetryDelaysMs?: number[] } = {},
  persistDir?: string,
): Promise<DemoEmulators> {
  const wsBase = config.publicUrl.replace(/^http/, 'ws');
  // Set once the persistence is set up: the panel's writes are saved before their answers leave.
  let panelChanged = () => {};
  const pterodactyl = createEmulatorState({
    publicUrl: `${config.publicUrl}${PTERODACTYL_PREFIX}`,
    wingsSocketBase: `${wsBase}${PTERODACTYL_PREFIX}/wings`,
    applicationKey: config.pterodactyl.applicationKey,
    clientKey: config.pterodactyl.clientKey,
    allowedOrigins: [new URL(config.publicUrl).origin, 'http://localhost:5173'],
    installSeconds: timing.installSeconds ?? 5,
    statsIntervalMs: timing.statsIntervalMs ?? 2000,
    now,
    // The panel's limits (240/720 requests a minute per key owner) unless turned off for a load bench.
    rateLimit: config.pterodactylEmulatorRateLimit ? undefined : false,
    onChange: () => panelChanged(),
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
  if (persistence) panelChanged = persistence.savePanel;
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
 * Writes `data` as JSON to `file` durably: a temporary file flushed to disk, then renamed over the old one,
 * so a crash leaves either the previous or the new content, never half of one.
 */
function writeDurably(file: string, data: unknown): void {
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, JSON.stringify(data));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/**
 * The demo keeps its panel and payments across restarts, as the real services would: the emulators'
 * records are restored from `dir` at start. The panel's are saved after each of its changes, before the
 * answer that reports it leaves (a crash loses no write the product saw succeed); Mollie's every 5 s and
 * at close (docs/decisions.md, docs/decisions/102-panel-emulator-durable-state.md).
 */
function keepAcrossRestarts(
  dir: string,
  pterodactyl: EmulatorState,
  mollie: MollieState,
): { savePanel(): void; stop(): void } {
  mkdirSync(dir, { recursive: true });
  const files = { pterodactyl: join(dir, 'pterodactyl.json'), mollie: join(dir, 'mollie.json') };
  if (existsSync(files.pterodactyl)) pterodactyl.restore(JSON.parse(readFileSync(files.pterodactyl, 'utf8')));
  if (existsSync(files.mollie)) mollie.restore(JSON.parse(readFileSync(files.mollie, 'utf8')));
  const saveMollie = () => {
    writeFileSync(`${files.mollie}.tmp`, JSON.stringify(mollie.snapshot()));
    renameSync(`${files.mollie}.tmp`, files.mollie);
  };
  const savePanel = () => writeDurably(files.pterodactyl, pterodactyl.snapshot());
  const timer = setInterval(saveMollie, 5_000);
  timer.unref();
  return {
    savePanel,
    stop() {
      clearInterval(timer);
      savePanel();
      saveMollie();
    },
  };
}
