import { type PanelError, panelError } from '../api/errors';
import { generateApiKey, isApiKeyOfKind } from '../api/keys';
import {
  createRateLimiter,
  type EmulatorStats,
  PANEL_RATE_LIMITS,
  type RateLimiter,
  type RateLimitOptions,
} from '../api/rate-limit';
import { createProcessManager, type ProcessManager } from '../process';
import { defaultSeed } from '../seed/seed';
import type { SeedData } from '../seed/seed-types';
import {
  type EmulatorDatabase,
  type EmulatorSnapshot,
  materializeSeed,
  type PanelChange,
  type RowsByTable,
  type Sequences,
  sequencesOf,
  TABLES,
  type TableName,
} from './database';
import { createRequestHolds, type RequestHolds } from './holds';
import type { ServerRecord, UserRecord } from './records';
import { panelTimestamp } from './time';

export { generateApiKey } from '../api/keys';
export type { EmulatorStats, RateLimitOptions } from '../api/rate-limit';
export type { EmulatorSnapshot, PanelChange } from './database';

/** Options of `createEmulatorState`. Durations are in the unit their name says. */
export interface EmulatorStateOptions {
  /** panel URL, e.g. `http://localhost:3000/_emulators/pterodactyl`: JWT `iss`, allowed websocket Origin */
  publicUrl: string;
  /** e.g. `ws://localhost:3000/_emulators/pterodactyl/wings`; sockets are `${base}/api/servers/${uuid}/ws` */
  wingsSocketBase: string;
  /** `ptla_` + 43 letters/digits; generated when omitted */
  applicationKey?: string;
  /** `ptlc_` + 43 letters/digits, owned by the seed's root admin; generated when omitted */
  clientKey?: string;
  /** more accepted websocket Origins, e.g. `http://localhost:5173` */
  allowedOrigins?: string[];
  /** defaults to `defaultSeed()` */
  seed?: SeedData;
  /** seconds a new server stays `installing` (default 5) */
  installSeconds?: number;
  /** milliseconds between `stats` events of a running server (default 2000) */
  statsIntervalMs?: number;
  /** lifetime of websocket JWTs in seconds (default 600) */
  tokenTtlSeconds?: number;
  /** milliseconds between the socket's token expiry checks (default 30000) */
  tokenCheckIntervalMs?: number;
  /** clock in epoch ms for timestamps, JWT times, rate-limit windows and caches (default `Date.now`) */
  now?: () => number;
  /**
   * requests per minute and key owner of each API, as the panel's config/http.php (default 240 application,
   * 720 client); false turns the limits off (load benches)
   */
  rateLimit?: RateLimitOptions | false;
  /**
   * called synchronously after every change of the tables (a write request, an install finishing) with the
   * changed rows, which it must copy or serialise before returning; a returned promise holds back the
   * answers of the panel's requests until it settles (`durable()`): the place to keep the change on disk
   */
  onChange?: (change: PanelChange) => void | Promise<void>;
}

/** Operations a test can make fail once with `failNext`. */
export type FailableOperation =
  | 'createServer'
  | 'createUser'
  | 'deleteServer'
  | 'suspendServer'
  | 'unsuspendServer'
  | 'updateServerBuild'
  | 'updateServerDetails'
  | 'updateServerStartup'
  | 'websocket'
  | 'resources'
  | 'power';

/** How the failed call answers; defaults: 504 `DaemonConnectionException`. */
export interface FailureSpec {
  status?: number;
  code?: string;
  detail?: string;
}

export interface EmulatorConfig {
  publicUrl: string;
  wingsSocketBase: string;
  applicationKey: string;
  clientKey: string;
  allowedOrigins: string[];
  installSeconds: number;
  statsIntervalMs: number;
  tokenTtlSeconds: number;
  tokenCheckIntervalMs: number;
  rateLimit: RateLimitOptions | false;
}

/** The emulated panel: tables, process runtimes and the controls tests use. */
export interface EmulatorState extends RequestHolds {
  readonly config: EmulatorConfig;
  readonly db: EmulatorDatabase;
  readonly process: ProcessManager;
  /** the panel's API throttle (used by the auth hooks) */
  readonly rateLimiter: RateLimiter;
  /** authenticated requests per API (429s included) and 429s answered, since the start */
  stats(): EmulatorStats;
  /**
   * `GET /api/client/servers/{server}/websocket` requests that passed the rate limit, whatever their answer,
   * since the start: all of them, or those naming server `uuid` (by uuid or 8-character identifier)
   */
  websocketRequests(uuid?: string): number;
  /** counts one websocket credential request naming `ref` (used by the client routes) */
  countWebsocketRequest(ref: string): void;
  /**
   * the next id of a table, from a sequence that only grows (an auto-increment: a deleted row's id is
   * never given again, also after `restore`)
   */
  nextId(table: TableName): number;
  /** runs the `onChange` hook with the rows changed and the ids removed; called by whatever changed them */
  changed(rows: RowsByTable, removed?: PanelChange['removed']): void;
  /**
   * settles when the last change's `onChange` promise has (rejects if it did): the plugin waits for it
   * before sending any answer, so no answer shows a change that is not yet kept
   */
  durable(): Promise<void>;
  /** `snapshot()` as JSON text, without copying the tables first (for writing large states) */
  serialize(): string;
  /** epoch ms */
  now(): number;
  /** current time in the panel's timestamp format */
  timestamp(): string;
  /** changes the public URLs, e.g. once the test server's port is known */
  setUrls(urls: { publicUrl: string; wingsSocketBase: string }): void;
  /** makes the next call of `operation` fail (queued; one failure per call) */
  failNext(operation: FailableOperation, failure?: FailureSpec): void;
  /** takes the queued failure of `operation`, if any (used by the routes) */
  takeFailure(operation: FailableOperation): PanelError | null;
  /** copies of the server rows */
  servers(): ServerRecord[];
  /** the user owning the client key (a root admin) */
  clientKeyOwner(): UserRecord;
  /** inserts a server, claims its allocation and starts its install timer */
  addServer(server: ServerRecord): void;
  /** removes a server, frees its allocations and closes its websockets with 1001 */
  removeServer(server: ServerRecord): void;
  /** sets status `suspended` and kills the process */
  suspendServer(server: ServerRecord): void;
  /** sets status null (no-op when not suspended) */
  unsuspendServer(server: ServerRecord): void;
  /** every table and the id sequences as plain JSON, for keeping the demo's panel across restarts */
  snapshot(): EmulatorSnapshot;
  /**
   * replaces every table with a snapshot's and starts its installed, unsuspended servers again; a snapshot
   * without `sequences` (older versions) continues each table after its largest id
   */
  restore(snapshot: EmulatorSnapshot): void;
  /** stops every timer (install, process, nothing else keeps running) */
  close(): void;
}

const DAEMON_DETAIL =
  'Could not establish a connection to the machine running this server. Please try again.';

/**
 * Creates the in-memory panel.
 * @throws Error when a given key is not shaped like a real one (`ptla_`/`ptlc_` + 43 letters/digits)
 */
export function createEmulatorState(options: EmulatorStateOptions): EmulatorState {
  const applicationKey = options.applicationKey ?? generateApiKey('application');
  const clientKey = options.clientKey ?? generateApiKey('client');
  if (!isApiKeyOfKind(applicationKey, 'application'))
    throw new Error('applicationKey must be ptla_ + 43 letters/digits');
  if (!isApiKeyOfKind(clientKey, 'client')) throw new Error('clientKey must be ptlc_ + 43 letters/digits');
  const now = options.now ?? Date.now;
  const config: EmulatorConfig = {
    publicUrl: options.publicUrl.replace(/\/$/, ''),
    wingsSocketBase: options.wingsSocketBase.replace(/\/$/, ''),
    applicationKey,
    clientKey,
    allowedOrigins: options.allowedOrigins ?? [],
    installSeconds: options.installSeconds ?? 5,
    statsIntervalMs: options.statsIntervalMs ?? 2000,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 600,
    tokenCheckIntervalMs: options.tokenCheckIntervalMs ?? 30_000,
    rateLimit: options.rateLimit === undefined ? { ...PANEL_RATE_LIMITS } : options.rateLimit,
  };
  const db = materializeSeed(options.seed ?? defaultSeed(), panelTimestamp(now()));
  const owner = db.users.find((u) => u.root_admin);
  if (!owner) throw new Error('seed has no root admin');
  let sequences: Sequences = sequencesOf(db);
  const rateLimiter = createRateLimiter(config.rateLimit, now);
  let lastWrite: Promise<void> = Promise.resolve();
  const changed = (rows: RowsByTable, removed: PanelChange['removed'] = {}) => {
    const written = options.onChange?.({ rows, removed, sequences: { ...sequences } });
    if (!written) return;
    lastWrite = written;
    // Settled, it holds back nothing more; a failure is reported to the answers that waited for it only
    // (and a change no request waits for, an install finishing, is no unhandled rejection).
    const settle = () => {
      if (lastWrite === written) lastWrite = Promise.resolve();
    };
    written.then(settle, settle);
  };
  const failures = new Map<FailableOperation, FailureSpec[]>();
  const holds = createRequestHolds();
  const installTimers = new Map<number, NodeJS.Timeout>();
  const byUuid = (uuid: string) => db.servers.find((s) => s.uuid === uuid);
  const process = createProcessManager({
    transitionMs: Math.min(config.statsIntervalMs, 1000),
    stepMs: config.statsIntervalMs / 2,
    limitsOf: (uuid) => byUuid(uuid)?.limits,
    doneLine: (uuid) => {
      const done = db.eggs.find((e) => e.id === byUuid(uuid)?.egg_id)?.config.startup.done;
      return typeof done === 'string' ? done : '';
    },
  });
  const timestamp = () => panelTimestamp(now());
  const websocketRequests = new Map<string, number>();

  function finishInstall(server: ServerRecord): void {
    installTimers.delete(server.id);
    server.installed = true;
    if (server.status === 'installing') server.status = null;
    server.updated_at = timestamp();
    changed({ servers: [server] });
    if (server.status === null) process.signal(server.uuid, 'start');
  }

  return {
    config,
    db,
    process,
    rateLimiter,
    stats: () => rateLimiter.stats(),
    websocketRequests(uuid) {
      let total = 0;
      for (const [ref, count] of websocketRequests)
        if (!uuid || ref === uuid || (ref.length === 8 && uuid.startsWith(ref))) total += count;
      return total;
    },
    countWebsocketRequest(ref) {
      websocketRequests.set(ref, (websocketRequests.get(ref) ?? 0) + 1);
    },
    nextId(table) {
      sequences[table] += 1;
      return sequences[table];
    },
    changed,
    durable: () => lastWrite,
    serialize: () => JSON.stringify({ ...db, sequences }),
    now,
    timestamp,
    setUrls(urls) {
      config.publicUrl = urls.publicUrl.replace(/\/$/, '');
      config.wingsSocketBase = urls.wingsSocketBase.replace(/\/$/, '');
    },
    failNext(operation, failure = {}) {
      failures.set(operation, [...(failures.get(operation) ?? []), failure]);
    },
    takeFailure(operation) {
      const spec = failures.get(operation)?.shift();
      if (!spec) return null;
      return panelError(
        spec.status ?? 504,
        spec.code ?? 'DaemonConnectionException',
        spec.detail ?? DAEMON_DETAIL,
      );
    },
    holdNext: holds.holdNext,
    heldFor: holds.heldFor,
    servers: () => db.servers.map((s) => structuredClone(s)),
    clientKeyOwner: () => owner,
    addServer(server) {
      db.servers.push(server);
      const allocation = db.allocations.find((a) => a.id === server.allocation_id);
      if (allocation) allocation.server_id = server.id;
      const timer = setTimeout(() => finishInstall(server), config.installSeconds * 1000);
      installTimers.set(server.id, timer);
      changed({ servers: [server], allocations: allocation ? [allocation] : [] });
    },
    removeServer(server) {
      clearTimeout(installTimers.get(server.id));
      installTimers.delete(server.id);
      const freed = db.allocations.filter((a) => a.server_id === server.id);
      for (const allocation of freed) allocation.server_id = null;
      db.servers.splice(db.servers.indexOf(server), 1);
      process.remove(server.uuid);
      changed({ allocations: freed }, { servers: [server.id] });
    },
    suspendServer(server) {
      if (server.status === 'suspended') return;
      server.status = 'suspended';
      server.updated_at = timestamp();
      changed({ servers: [server] });
      process.signal(server.uuid, 'kill');
    },
    unsuspendServer(server) {
      if (server.status !== 'suspended') return;
      server.status = server.installed ? null : 'installing';
      server.updated_at = timestamp();
      changed({ servers: [server] });
    },
    snapshot: () => ({ ...structuredClone(db), sequences: { ...sequences } }),
    restore(snapshot) {
      for (const timer of installTimers.values()) clearTimeout(timer);
      installTimers.clear();
      for (const server of db.servers) process.remove(server.uuid);
      for (const table of TABLES) {
        // The routes hold these arrays: refill them in place.
        (db[table] as unknown[]).splice(0, db[table].length, ...structuredClone(snapshot[table] ?? []));
      }
      // A sequence never goes below a kept row's id, whatever the snapshot says.
      const derived = sequencesOf(db);
      sequences = Object.fromEntries(
        TABLES.map((table) => [table, Math.max(derived[table], snapshot.sequences?.[table] ?? 0)]),
      ) as Sequences;
      for (const server of db.servers) {
        if (!server.installed) {
          installTimers.set(
            server.id,
            setTimeout(() => finishInstall(server), config.installSeconds * 1000),
          );
        } else if (server.status === null) {
          process.signal(server.uuid, 'start');
        }
      }
    },
    close() {
      for (const timer of installTimers.values()) clearTimeout(timer);
      installTimers.clear();
      process.close();
    },
  };
}
