import { type RunningEmulator, startEmulator } from '@falkenhost/pterodactyl-emulator/server';
import type { EmulatorStateOptions } from '@falkenhost/pterodactyl-emulator/state/state';
import { vi } from 'vitest';
import {
  createPterodactylClient,
  type PterodactylClient,
  type PterodactylClientOptions,
} from '../src/client';
import type { CreateServerInput } from '../src/inputs';

export interface Harness {
  emulator: RunningEmulator;
  client: PterodactylClient;
  /** the options `client` was made with (to make a differently configured one) */
  options: PterodactylClientOptions;
}

/** Starts the emulator on 127.0.0.1:0 (installs take 0.2 s, stats every 100 ms) and a real client for it. */
export async function startHarness(
  options: Omit<EmulatorStateOptions, 'publicUrl' | 'wingsSocketBase'> = {},
): Promise<Harness> {
  const emulator = await startEmulator({ installSeconds: 0.2, statsIntervalMs: 100, ...options });
  const clientOptions: PterodactylClientOptions = {
    baseUrl: emulator.url,
    applicationKey: emulator.state.config.applicationKey,
    clientKey: emulator.state.config.clientKey,
    retryDelayMs: 10,
  };
  return { emulator, client: createPterodactylClient(clientOptions), options: clientOptions };
}

/** Waits (vitest's `vi.waitFor`) until `check` returns a truthy value, and returns it; throws after `timeoutMs`. */
export function waitFor<T>(check: () => Promise<T> | T, timeoutMs = 3000): Promise<NonNullable<T>> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error('waitFor: not yet');
      return value as NonNullable<T>;
    },
    { timeout: timeoutMs },
  );
}

/**
 * A valid create-server body for the Paper egg on a free allocation of `nodeId`, environment from the egg
 * defaults; `overrides` are merged on top.
 */
export async function paperServerBody(
  client: PterodactylClient,
  userId: number,
  overrides: Partial<CreateServerInput> = {},
  nodeId = 1,
): Promise<CreateServerInput> {
  const nest = (await client.listNests()).find((n) => n.name.toLowerCase() === 'minecraft');
  if (!nest) throw new Error('no Minecraft nest');
  const egg = (await client.listEggs(nest.id, { includeVariables: true })).find((e) => e.name === 'Paper');
  if (!egg?.variables) throw new Error('no Paper egg');
  const [allocation] = await client.listNodeAllocations(nodeId, { unassignedOnly: true });
  if (!allocation) throw new Error('no free allocation');
  return {
    name: 'Survival',
    user: userId,
    egg: egg.id,
    docker_image: egg.docker_image,
    startup: egg.startup,
    environment: Object.fromEntries(egg.variables.map((v) => [v.env_variable, v.default_value])),
    limits: { memory: 4096, swap: 0, disk: 20480, io: 500, cpu: 200 },
    feature_limits: { databases: 0, backups: 1, allocations: 1 },
    allocation: { default: allocation.id },
    ...overrides,
  };
}
