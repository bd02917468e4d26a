/** Demo mode: the panel, Wings and Mollie emulators on our own server, reached by the real HTTP clients. */

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mollieEmulator from '@falkenhost/mollie-emulator/plugin';
import { createMollieState, type MollieState } from '@falkenhost/mollie-emulator/state/state';
import pterodactylEmulator from '@falkenhost/pterodactyl-emulator/plugin';
import { openPanelStore, type PanelStore } from '@falkenhost/pterodactyl-emulator/state/persist';
import {
  createEmulatorState,
  type EmulatorState,
  type PanelChange,
} from '@falkenhost/pterodactyl-emulator/state/state';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config';

export interface DemoEmulators {
  pterodactyl: EmulatorState;
  mollie: MollieState;
  close(): void;
}

export interface EmulatorTiming {
  /** seconds a new panel server installs */
  installSeconds?: number;
  statsIntervalMs?: number;
  /** seconds */
  tokenTtlSeconds?: number;
  tokenCheckIntervalMs?: number;
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
  mollieOptions: { strictWebhookUrls?: boolean } = {},
): Promise<DemoEmulators> {
  const wsBase = config.publicUrl.replace(/^http/, 'ws');
  const panelStore: PanelStore | null = persistDir
    ? openPanelStore(persistDir, () => pterodactyl.serialize())
    : null;
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
    rateLimit: config.pterodactylEmulatorRateLimit ? undefined : false,
    ...(panelStore ? { onChange: (change: PanelChange) => panelStore.record(change) } : {}),
  });
  if (panelStore?.loaded) pterodactyl.restore(panelStore.loaded);
  panelStore?.compact();
  const mollie = createMollieState({
    publicUrl: `${config.publicUrl}${MOLLIE_PREFIX}`,
    apiKeys: [config.mollie.apiKey],
    ...(timing.webhookRetryDelaysMs ? { webhookRetryDelaysMs: timing.webhookRetryDelaysMs } : {}),
    strictWebhookUrls: mollieOptions.strictWebhookUrls ?? false,
    now,
  });
  await app.register(pterodactylEmulator, { prefix: PTERODACTYL_PREFIX, state: pterodactyl });
  await app.register(mollieEmulator, { prefix: MOLLIE_PREFIX, state: mollie });
  const molliePersistence = persistDir ? keepMollieAcrossRestarts(persistDir, mollie) : null;
  return {
    pterodactyl,
    mollie,
    close() {
      panelStore?.close();
      molliePersistence?.stop();
      pterodactyl.close();
      mollie.close();
    },
  };
}

/** The demo keeps its panel and payments across restarts (docs/decisions/102 and 142). */
function keepMollieAcrossRestarts(dir: string, mollie: MollieState): { stop(): void } {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'mollie.json');
  if (existsSync(file)) mollie.restore(JSON.parse(readFileSync(file, 'utf8')));
  const save = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(mollie.snapshot()));
    renameSync(`${file}.tmp`, file);
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
