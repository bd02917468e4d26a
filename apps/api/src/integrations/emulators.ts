/** Demo mode: the panel, Wings and Mollie emulators on our own server, reached by the real HTTP clients. */

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mollieEmulator from '@falkenhost/mollie-emulator/plugin';
import { createMollieState, type MollieState } from '@falkenhost/mollie-emulator/state/state';
import pelicanEmulator from '@falkenhost/pelican-emulator/plugin';
import { applyPelicanChanges, type PelicanChange } from '@falkenhost/pelican-emulator/state/journal';
import {
  createPelicanState,
  type PelicanSnapshot,
  type PelicanState,
} from '@falkenhost/pelican-emulator/state/state';
import pterodactylEmulator from '@falkenhost/pterodactyl-emulator/plugin';
import { openJournalStore } from '@falkenhost/pterodactyl-emulator/state/journal';
import { openPanelStore, type PanelStore } from '@falkenhost/pterodactyl-emulator/state/persist';
import {
  createEmulatorState,
  type EmulatorState,
  type PanelChange,
} from '@falkenhost/pterodactyl-emulator/state/state';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config';

/** The emulators of a demo: the panel of PANEL_KIND (only that one is mounted) and Mollie. */
export interface DemoEmulators {
  /** the Pterodactyl emulator; reading it throws when the demo runs Pelican */
  readonly pterodactyl: EmulatorState;
  /** the Pelican emulator; null when the demo runs Pterodactyl */
  readonly pelican: PelicanState | null;
  mollie: MollieState;
  /** stops the emulators and writes what the demo keeps across restarts */
  close(): void;
  /**
   * Stops what runs on its own (the emulators' timers and sockets, the Mollie snapshot's timer) and writes
   * nothing, as a killed process would: the persistence tests' crash.
   */
  halt(): void;
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
export const PELICAN_PREFIX = '/_emulators/pelican';
export const MOLLIE_PREFIX = '/_emulators/mollie';

export async function mountEmulators(
  app: FastifyInstance,
  config: Config,
  now: () => number,
  timing: EmulatorTiming = {},
  persistDir?: string,
  mollieOptions: { strictWebhookUrls?: boolean } = {},
): Promise<DemoEmulators> {
  const mollie = createMollieState({
    publicUrl: `${config.publicUrl}${MOLLIE_PREFIX}`,
    apiKeys: [config.mollie.apiKey],
    ...(timing.webhookRetryDelaysMs ? { webhookRetryDelaysMs: timing.webhookRetryDelaysMs } : {}),
    strictWebhookUrls: mollieOptions.strictWebhookUrls ?? false,
    now,
  });
  await app.register(mollieEmulator, { prefix: MOLLIE_PREFIX, state: mollie });
  const molliePersistence = persistDir ? keepAcrossRestarts(persistDir, 'mollie.json', mollie) : null;
  const panel =
    config.panel.kind === 'pelican'
      ? await mountPelican(app, config, now, timing, persistDir)
      : await mountPterodactyl(app, config, now, timing, persistDir);
  return {
    get pterodactyl() {
      if (!panel.pterodactyl)
        throw new Error('this demo runs the Pelican emulator (PANEL_KIND=pelican), not the Pterodactyl one');
      return panel.pterodactyl;
    },
    pelican: panel.pelican ?? null,
    mollie,
    close() {
      panel.close();
      molliePersistence?.stop();
      mollie.close();
    },
    halt() {
      panel.pterodactyl?.close();
      panel.pelican?.close();
      molliePersistence?.halt();
      mollie.close();
    },
  };
}

/** What both panel emulators are started with: their addresses under `prefix`, the keys, the timing. */
function panelEmulatorOptions(config: Config, prefix: string, now: () => number, timing: EmulatorTiming) {
  const wsBase = config.publicUrl.replace(/^http/, 'ws');
  return {
    publicUrl: `${config.publicUrl}${prefix}`,
    wingsSocketBase: `${wsBase}${prefix}/wings`,
    applicationKey: config.panel.applicationKey,
    clientKey: config.panel.clientKey,
    allowedOrigins: [new URL(config.publicUrl).origin, 'http://localhost:5173'],
    installSeconds: timing.installSeconds ?? 5,
    statsIntervalMs: timing.statsIntervalMs ?? 2000,
    ...(timing.tokenTtlSeconds ? { tokenTtlSeconds: timing.tokenTtlSeconds } : {}),
    ...(timing.tokenCheckIntervalMs ? { tokenCheckIntervalMs: timing.tokenCheckIntervalMs } : {}),
    now,
  };
}

/** The Pterodactyl emulator at PTERODACTYL_PREFIX, its changes journaled in `persistDir` (decision 102). */
async function mountPterodactyl(
  app: FastifyInstance,
  config: Config,
  now: () => number,
  timing: EmulatorTiming,
  persistDir: string | undefined,
): Promise<{ pterodactyl: EmulatorState; pelican?: undefined; close(): void }> {
  const panelStore: PanelStore | null = persistDir
    ? openPanelStore(persistDir, () => pterodactyl.serialize())
    : null;
  const pterodactyl = createEmulatorState({
    ...panelEmulatorOptions(config, PTERODACTYL_PREFIX, now, timing),
    rateLimit: config.panelEmulatorRateLimit ? undefined : false,
    ...(panelStore ? { onChange: (change: PanelChange) => panelStore.record(change) } : {}),
  });
  if (panelStore?.loaded) pterodactyl.restore(panelStore.loaded);
  panelStore?.compact();
  await app.register(pterodactylEmulator, { prefix: PTERODACTYL_PREFIX, state: pterodactyl });
  return {
    pterodactyl,
    close() {
      panelStore?.close();
      pterodactyl.close();
    },
  };
}

/** The Pelican emulator at PELICAN_PREFIX with the demo's keys, its changes journaled in `persistDir`. */
async function mountPelican(
  app: FastifyInstance,
  config: Config,
  now: () => number,
  timing: EmulatorTiming,
  persistDir: string | undefined,
): Promise<{ pterodactyl?: undefined; pelican: PelicanState; close(): void }> {
  const store = persistDir
    ? openJournalStore<PelicanSnapshot, PelicanChange>(
        persistDir,
        () => pelican.serialize(),
        applyPelicanChanges,
        { name: 'pelican' },
      )
    : null;
  const pelican = createPelicanState({
    ...panelEmulatorOptions(config, PELICAN_PREFIX, now, timing),
    ...(config.panelEmulatorRateLimit ? {} : { rateLimit: false as const }),
    ...(store ? { onChange: (change: PelicanChange) => store.record(change) } : {}),
  });
  if (store?.loaded) pelican.restore(store.loaded);
  store?.compact();
  await app.register(pelicanEmulator, { prefix: PELICAN_PREFIX, state: pelican });
  return {
    pelican,
    close() {
      store?.close();
      pelican.close();
    },
  };
}

/**
 * The demo keeps its payments across restarts: a snapshot in `dir`/`name` every 5 s and at close (`stop`;
 * `halt` only ends the timer), restored at start (docs/decisions/102 and 142).
 */
function keepAcrossRestarts<T>(
  dir: string,
  name: string,
  state: { snapshot(): T; restore(snapshot: T): void },
): { stop(): void; halt(): void } {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  if (existsSync(file)) state.restore(JSON.parse(readFileSync(file, 'utf8')));
  const save = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(state.snapshot()));
    renameSync(`${file}.tmp`, file);
  };
  const timer = setInterval(save, 5_000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      save();
    },
    halt() {
      clearInterval(timer);
    },
  };
}
