import { type RunningPelicanEmulator, startPelicanEmulator } from '@falkenhost/pelican-emulator/server';
import type { PelicanStateOptions } from '@falkenhost/pelican-emulator/state/state';
import type { PterodactylClient, PterodactylClientOptions } from '../src/client';
import { createPterodactylClient } from '../src/client';
import { createPelicanClient } from '../src/pelican';
import { type Harness, startHarness } from './harness';

/** The two panels the client speaks to. */
export type PanelKind = 'pterodactyl' | 'pelican';
export const PANELS: PanelKind[] = ['pterodactyl', 'pelican'];

/** What a test needs of either emulator: its state's controls both have, and a way to stop it. */
export interface PanelHarness {
  kind: PanelKind;
  client: PterodactylClient;
  options: PterodactylClientOptions;
  /** makes a client of the same panel with other options */
  makeClient(options: PterodactylClientOptions): PterodactylClient;
  state: Harness['emulator']['state'] | RunningPelicanEmulator['state'];
  close(): Promise<void>;
}

/** A Pelican emulator on 127.0.0.1:0 (installs take 0.2 s, stats every 100 ms) and a real client of it. */
export async function startPelicanHarness(
  options: Omit<PelicanStateOptions, 'publicUrl' | 'wingsSocketBase'> = {},
  clientOptions: Partial<PterodactylClientOptions> = {},
) {
  const emulator = await startPelicanEmulator({ installSeconds: 0.2, statsIntervalMs: 100, ...options });
  const opts: PterodactylClientOptions = {
    baseUrl: emulator.url,
    applicationKey: emulator.state.config.applicationKey,
    clientKey: emulator.state.config.clientKey,
    retryDelayMs: 10,
    ...clientOptions,
  };
  return { emulator, client: createPelicanClient(opts), options: opts };
}

/** Starts the emulator of `kind` and a client of the matching dialect. */
export async function startPanel(kind: PanelKind): Promise<PanelHarness> {
  if (kind === 'pterodactyl') {
    const h = await startHarness();
    return {
      kind,
      client: h.client,
      options: h.options,
      makeClient: createPterodactylClient,
      state: h.emulator.state,
      close: () => h.emulator.close(),
    };
  }
  const h = await startPelicanHarness();
  return {
    kind,
    client: h.client,
    options: h.options,
    makeClient: createPelicanClient,
    state: h.emulator.state,
    close: () => h.emulator.close(),
  };
}
