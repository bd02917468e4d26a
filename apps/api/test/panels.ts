/**
 * The panels a panel-facing test runs against (decisions/411-panel-tests-on-both-panels.md): the same test
 * on the Pterodactyl and the Pelican emulator, through the one panel port. A test reads and prods the
 * emulator through `PanelEmulator`, the part the two emulators share (their tables' common columns, the
 * failures and holds a test queues), so nothing in the test itself names the panel.
 */
import type { RunningPelicanEmulator } from '@falkenhost/pelican-emulator/server';
import { startPelicanEmulator } from '@falkenhost/pelican-emulator/server';
import type { PelicanState } from '@falkenhost/pelican-emulator/state/state';
import { type RunningEmulator, startEmulator } from '@falkenhost/pterodactyl-emulator/server';
import type { EmulatorState } from '@falkenhost/pterodactyl-emulator/state/state';
import { createPanelClient, type PanelClient, type PanelKind } from '../src/panel/port';
import { DATABASES, type DatabaseKind, type Product } from './harness';

/** Both panels, Pterodactyl first. */
export const PANELS: PanelKind[] = ['pterodactyl', 'pelican'];

/** One run of a panel-facing test: the database and the panel it runs on. */
export interface PanelCase {
  db: DatabaseKind;
  panel: PanelKind;
}

/**
 * The runs of a panel-facing test: every database this run tests on Pterodactyl, and Pelican on SQLite.
 * The panel's part of the product does not depend on the database nor the database's on the panel, so
 * the one mixed case covers what both databases on both panels would (decisions/411).
 */
export const PANEL_CASES: PanelCase[] = [
  ...DATABASES.map((db): PanelCase => ({ db, panel: 'pterodactyl' })),
  { db: 'sqlite', panel: 'pelican' },
];

/** Either emulator's state; what both have is used through it. */
export type PanelEmulatorState = EmulatorState | PelicanState;

/** A panel server row of either emulator (their common columns). */
export type PanelServerRow = ReturnType<PanelEmulatorState['servers']>[number];

/** Operations both emulators can fail once. */
export type PanelFailure = Parameters<EmulatorState['failNext']>[0] & Parameters<PelicanState['failNext']>[0];

/** What a test does with the panel emulator, whichever it is. */
export interface PanelEmulator {
  kind: PanelKind;
  /** the state itself, for what both emulators have under one name */
  state: PanelEmulatorState;
  /** the live tables (changes to their rows change the panel) */
  db: PanelEmulatorState['db'];
  /** the servers' processes (power state, console lines) */
  process: PanelEmulatorState['process'];
  /** requests answered and throttled since the start */
  stats(): ReturnType<PanelEmulatorState['stats']>;
  /** websocket credentials asked, for one server (by uuid) or all */
  websocketRequests(uuid?: string): number;
  /** holds the next matching request until `release()` (see the emulators' state/holds.ts) */
  holdNext: PanelEmulatorState['holdNext'];
  /** copies of the panel's server rows */
  servers(): PanelServerRow[];
  /** the live row of the panel server with this external id */
  serverByExternalId(externalId: string): PanelServerRow | undefined;
  /** the panel account that owns the product's keys */
  keyOwner(): { id: number };
  /** makes the next call of `operation` fail (default: 504 `DaemonConnectionException`) */
  failNext(operation: PanelFailure, failure?: { status?: number; code?: string; detail?: string }): void;
  /** deletes a server on the panel's side (as staff would in its UI), freeing its allocation */
  removeServer(server: { id: number }): void;
  /** suspends a server on the panel's side */
  suspendServer(server: { id: number }): void;
  /** unsuspends a server on the panel's side */
  unsuspendServer(server: { id: number }): void;
  /** the whole panel as it is now, for `restore` (a panel brought back from an old backup) */
  snapshot(): unknown;
  restore(snapshot: unknown): void;
}

/** Whether a panel server has finished installing (Pterodactyl keeps a flag; Pelican its status only). */
export function isInstalled(server: PanelServerRow): boolean {
  return server.status !== 'installing' && (!('installed' in server) || server.installed);
}

/** An egg's startup command (Pterodactyl keeps one; Pelican a map of them, the first being the default). */
export function eggStartup(egg: PanelEmulatorState['db']['eggs'][number]): string {
  return 'startup' in egg ? egg.startup : (Object.values(egg.startup_commands)[0] ?? '');
}

/**
 * An egg variable's rules as the panel answers them: Pterodactyl's `|`-separated text, Pelican's array
 * (2024_07_25_072050_convert_rules_to_array.php).
 */
export function panelRules(kind: PanelKind, rules: string): string | string[] {
  return kind === 'pelican' ? rules.split('|') : rules;
}

/** The test view of an emulator's state. */
export function panelEmulator(kind: PanelKind, state: PanelEmulatorState): PanelEmulator {
  const row = ({ id }: { id: number }) => {
    const found = state.db.servers.find((s) => s.id === id);
    if (!found) throw new Error(`no panel server ${id}`);
    // The two states take their own row types; this is the state's own row.
    return found as never;
  };
  const own = state as EmulatorState;
  return {
    kind,
    state,
    db: state.db,
    process: state.process,
    stats: () => state.stats(),
    websocketRequests: (uuid) => state.websocketRequests(uuid),
    holdNext: (method, path) => state.holdNext(method, path),
    servers: () => state.servers(),
    serverByExternalId: (externalId) => state.db.servers.find((s) => s.external_id === externalId),
    keyOwner: () => ('keyOwner' in state ? state.keyOwner() : state.clientKeyOwner()),
    failNext: (operation, failure) => own.failNext(operation, failure),
    removeServer: (server) => own.removeServer(row(server)),
    suspendServer: (server) => own.suspendServer(row(server)),
    unsuspendServer: (server) => own.unsuspendServer(row(server)),
    snapshot: () => state.snapshot(),
    restore: (snapshot) => own.restore(snapshot as never),
  };
}

/** The panel emulator a product (startProduct) drives. */
export function productPanel(product: Product): PanelEmulator {
  const emulators = product.server.emulators;
  if (!emulators) throw new Error('the product runs no emulators');
  return emulators.pelican
    ? panelEmulator('pelican', emulators.pelican)
    : panelEmulator('pterodactyl', emulators.pterodactyl);
}

/** A panel emulator on its own port (kill tests: the panel outlives the product's process). */
export interface StandalonePanel extends PanelEmulator {
  /** the client's base URL */
  url: string;
  applicationKey: string;
  clientKey: string;
  close(): Promise<void>;
}

/**
 * Starts the emulator of `kind` on a free port.
 * @param options install time and stats interval of its servers; `rateLimit: false` turns its limits off
 */
export async function startPanelEmulator(
  kind: PanelKind,
  options: { installSeconds: number; statsIntervalMs: number; rateLimit?: false },
): Promise<StandalonePanel> {
  const running: RunningEmulator | RunningPelicanEmulator =
    kind === 'pelican' ? await startPelicanEmulator(options) : await startEmulator(options);
  return {
    ...panelEmulator(kind, running.state),
    url: running.url,
    applicationKey: running.state.config.applicationKey,
    clientKey: running.state.config.clientKey,
    close: () => running.close(),
  };
}

/**
 * The product's client of a stand-alone panel, as `ctx.panel`.
 * @param options `rateLimit: false` leaves out the panel budget's pauses; `retries: 0` makes one attempt
 */
export function panelClientOf(
  panel: Pick<StandalonePanel, 'kind' | 'url' | 'applicationKey' | 'clientKey'>,
  options: { rateLimit?: false; retries?: number; baseUrl?: string } = {},
): PanelClient {
  return createPanelClient(panel.kind, {
    baseUrl: options.baseUrl ?? panel.url,
    applicationKey: panel.applicationKey,
    clientKey: panel.clientKey,
    ...(options.rateLimit === false ? { rateLimit: false } : {}),
    ...(options.retries === undefined ? {} : { retries: options.retries }),
  });
}
