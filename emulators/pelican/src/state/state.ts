import { type PanelError, panelError } from '@falkenhost/pterodactyl-emulator/api/errors';
import {
  createRateLimiter,
  type EmulatorStats,
  type RateLimiter,
} from '@falkenhost/pterodactyl-emulator/api/rate-limit';
import { createProcessManager, type ProcessManager } from '@falkenhost/pterodactyl-emulator/process';
import { createRequestHolds, type RequestHolds } from '@falkenhost/pterodactyl-emulator/state/holds';
import { panelTimestamp } from '@falkenhost/pterodactyl-emulator/state/time';
import { generatePelicanKey, isPelicanKeyOfKind, type PelicanKeyKind } from '../keys';
import { defaultPelicanSeed } from '../seed/seed';
import type { PelicanSeedData } from '../seed/seed-types';
import { createKeeper, type PelicanChange } from './journal';
import { serverLifecycle } from './lifecycle';
import { materializePelicanSeed } from './materialize';
import type { PelicanDatabase, ServerRecord, UserRecord } from './records';

/**
 * Requests a minute: the Application and Client APIs per key owner (config/http.php `application`,
 * `client`), and the websocket credential per server, shared by all its users (`websocket`,
 * app/Enums/ResourceLimit.php).
 */
export interface PelicanRateLimits {
  applicationPerMinute: number;
  clientPerMinute: number;
  websocketPerMinute: number;
}

/** Pelican's defaults (`APP_API_APPLICATION_RATELIMIT`, `APP_API_CLIENT_RATELIMIT`, `APP_API_WEBSOCKET_RATELIMIT`). */
export const PELICAN_RATE_LIMITS: PelicanRateLimits = {
  applicationPerMinute: 256,
  clientPerMinute: 256,
  websocketPerMinute: 5,
};

/** Resources of an application key's permission map (`ApiKey::DEFAULT_RESOURCE_NAMES`, the ones emulated). */
export type PelicanResource = 'server' | 'node' | 'allocation' | 'user' | 'egg';

/** 0 none, 1 read, 2 write, 3 both (app/Services/Acl/Api/AdminAcl.php: a bit mask). */
export type PelicanPermissions = Partial<Record<PelicanResource, 0 | 1 | 2 | 3>>;

/** Every resource readable and writable: the map of the seeded application key. */
export const FULL_PERMISSIONS: Record<PelicanResource, 3> = {
  server: 3,
  node: 3,
  allocation: 3,
  user: 3,
  egg: 3,
};

/** A key the panel knows: its kind, owner, and (application keys) permission map. */
export interface PelicanKey {
  kind: PelicanKeyKind;
  userId: number;
  permissions: PelicanPermissions;
}

/** Options of `createPelicanState`. Durations are in the unit their name says. */
export interface PelicanStateOptions {
  /** panel URL, e.g. `http://localhost:3000/_emulators/pelican`: JWT `iss`, allowed websocket Origin */
  publicUrl: string;
  /** e.g. `ws://localhost:3000/_emulators/pelican/wings`; sockets are `${base}/api/servers/${uuid}/ws` */
  wingsSocketBase: string;
  /** `papp_` + 43 letters/digits, owned by the seed's root admin; generated when omitted */
  applicationKey?: string;
  /** `pacc_` + 43 letters/digits, owned by the seed's root admin; generated when omitted */
  clientKey?: string;
  /** permission map of `applicationKey` (default: every resource read and write) */
  applicationKeyPermissions?: PelicanPermissions;
  /** more accepted websocket Origins, e.g. `http://localhost:5173` */
  allowedOrigins?: string[];
  /** defaults to `defaultPelicanSeed()` */
  seed?: PelicanSeedData;
  /** seconds a new or reinstalled server stays `installing` (default 5) */
  installSeconds?: number;
  /** milliseconds between `stats` events of a running server (default 2000) */
  statsIntervalMs?: number;
  /** lifetime of websocket JWTs in seconds (default 600, the controller's ten minutes) */
  tokenTtlSeconds?: number;
  /** milliseconds between the socket's token expiry checks (default 30000) */
  tokenCheckIntervalMs?: number;
  /** clock in epoch ms for timestamps, JWT times and rate-limit windows (default `Date.now`) */
  now?: () => number;
  /**
   * called with each change of the tables (found once per answer and after each finished install), e.g.
   * a journal store's `record`; answers wait for its promise, so a crash loses nothing answered
   */
  onChange?: (change: PelicanChange) => void | Promise<void>;
  /** requests a minute (default `PELICAN_RATE_LIMITS`); false turns every limit off (load benches) */
  rateLimit?: PelicanRateLimits | false;
}

/** Operations a test can make fail once with `failNext`. */
export type PelicanFailableOperation =
  | 'createServer'
  | 'createUser'
  | 'deleteServer'
  | 'suspendServer'
  | 'unsuspendServer'
  | 'reinstallServer'
  | 'updateServerBuild'
  | 'updateServerDetails'
  | 'updateServerStartup'
  | 'websocket'
  | 'resources'
  | 'power';

/** How the failed call answers; defaults: 504 `DaemonConnectionException`. */
export interface PelicanFailure {
  status?: number;
  code?: string;
  detail?: string;
}

/** The options after defaults; `publicUrl` and `wingsSocketBase` change with `setUrls`. */
export interface PelicanConfig {
  publicUrl: string;
  wingsSocketBase: string;
  applicationKey: string;
  clientKey: string;
  allowedOrigins: string[];
  installSeconds: number;
  statsIntervalMs: number;
  tokenTtlSeconds: number;
  tokenCheckIntervalMs: number;
  rateLimit: PelicanRateLimits | false;
}

/** The emulated Pelican panel: tables, keys, limits, process runtimes and the controls tests use. */
export interface PelicanState extends RequestHolds {
  readonly config: PelicanConfig;
  readonly db: PelicanDatabase;
  readonly process: ProcessManager;
  /** the `api.application` / `api.client` throttles, keyed by the key owner's uuid */
  readonly rateLimiter: RateLimiter;
  /** the `api.client:server-resource:Websocket` throttle, keyed by the server's uuid (`hit('client', uuid)`) */
  readonly websocketLimiter: RateLimiter;
  /** authenticated requests per API (429s included) and 429s answered by the API throttles */
  stats(): EmulatorStats;
  /** websocket credential requests answered or refused since the start: all, or those of server `uuid` */
  websocketRequests(uuid?: string): number;
  /** counts one websocket credential request of server `uuid` (used by the client routes) */
  countWebsocketRequest(uuid: string): void;
  /** the key's record, or undefined for an unknown key */
  keyOf(token: string): PelicanKey | undefined;
  /**
   * Issues another key (tests: a key with fewer permissions, a key of an ordinary user).
   * @param permissions the map of an application key (default none, as a new key in the panel's form)
   * @throws Error for an unknown user
   */
  issueKey(kind: PelicanKeyKind, userId: number, permissions?: PelicanPermissions): string;
  nextId(table: keyof PelicanDatabase): number;
  /** epoch ms */
  now(): number;
  /** current time in the panel's timestamp format */
  timestamp(): string;
  /** changes the public URLs, e.g. once the test server's port is known */
  setUrls(urls: { publicUrl: string; wingsSocketBase: string }): void;
  /** makes the next call of `operation` fail (queued; one failure per call) */
  failNext(operation: PelicanFailableOperation, failure?: PelicanFailure): void;
  /** takes the queued failure of `operation`, if any (used by the routes) */
  takeFailure(operation: PelicanFailableOperation): PanelError | null;
  /** copies of the server rows */
  servers(): ServerRecord[];
  /** the seeded root admin, owner of the seeded keys */
  keyOwner(): UserRecord;
  /** inserts a server, claims its allocation (if any) and starts its install timer */
  addServer(server: ServerRecord): void;
  /** removes a server, frees its allocations and ends its process (its sockets close) */
  removeServer(server: ServerRecord): void;
  /** status `suspended`, process killed; no-op when already suspended */
  suspendServer(server: ServerRecord): void;
  /** status null (SuspensionService sets null, installed or not); no-op when not suspended */
  unsuspendServer(server: ServerRecord): void;
  /** status `installing`, process killed, install timer started again (ReinstallServerService) */
  reinstallServer(server: ServerRecord): void;
  /** stops every timer */
  close(): void;
  /** every table and the id sequences as plain JSON, for keeping a demo's panel across restarts */
  snapshot(): PelicanSnapshot;
  /**
   * replaces every table with a snapshot's: processes and install timers start over (installing servers
   * install again, installed unsuspended ones start as after a Wings restart), sequences continue
   */
  restore(snapshot: PelicanSnapshot): void;
  /** `snapshot()` as JSON text (a journal store's `serialize`) */
  serialize(): string;
  /**
   * hands the changes since the last call to `onChange` and settles when it has kept them (rejects if
   * keeping failed); the plugin waits for it before each answer
   */
  durable(): Promise<void>;
}

/** `snapshot()`: the tables plus the sequence each table's next id comes from. */
export interface PelicanSnapshot extends PelicanDatabase {
  sequences: Record<keyof PelicanDatabase, number>;
}

const DAEMON_DETAIL =
  'Could not establish a connection to the machine running this server. Please try again.';

function checkedKey(given: string | undefined, kind: PelicanKeyKind): string {
  const key = given ?? generatePelicanKey(kind);
  const prefix = kind === 'application' ? 'papp_' : 'pacc_';
  if (!isPelicanKeyOfKind(key, kind)) throw new Error(`${kind}Key must be ${prefix} + 43 letters/digits`);
  return key;
}

/** The options with their defaults filled in; keys checked or generated. */
function configOf(options: PelicanStateOptions): PelicanConfig {
  return {
    publicUrl: options.publicUrl.replace(/\/$/, ''),
    wingsSocketBase: options.wingsSocketBase.replace(/\/$/, ''),
    applicationKey: checkedKey(options.applicationKey, 'application'),
    clientKey: checkedKey(options.clientKey, 'client'),
    allowedOrigins: options.allowedOrigins ?? [],
    installSeconds: options.installSeconds ?? 5,
    statsIntervalMs: options.statsIntervalMs ?? 2000,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 600,
    tokenCheckIntervalMs: options.tokenCheckIntervalMs ?? 30_000,
    rateLimit: options.rateLimit === undefined ? { ...PELICAN_RATE_LIMITS } : options.rateLimit,
  };
}

/** `failNext` / `takeFailure`: queued failures per operation. */
function failureQueue(): Pick<PelicanState, 'failNext' | 'takeFailure'> {
  const failures = new Map<PelicanFailableOperation, PelicanFailure[]>();
  return {
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
  };
}

/**
 * Creates the in-memory Pelican panel.
 * @throws Error when a given key is not shaped like a real one (`papp_`/`pacc_` + 43 letters/digits) or the
 *   seed has no root admin
 */
export function createPelicanState(options: PelicanStateOptions): PelicanState {
  const now = options.now ?? Date.now;
  const config = configOf(options);
  const timestamp = () => panelTimestamp(now());
  const db = materializePelicanSeed(options.seed ?? defaultPelicanSeed(), timestamp());
  const owner = db.users.find((u) => u.root_admin);
  if (!owner) throw new Error('seed has no root admin');
  const keys = new Map<string, PelicanKey>([
    [
      config.applicationKey,
      {
        kind: 'application',
        userId: owner.id,
        permissions: options.applicationKeyPermissions ?? FULL_PERMISSIONS,
      },
    ],
    [config.clientKey, { kind: 'client', userId: owner.id, permissions: {} }],
  ]);
  const limits = config.rateLimit;
  const rateLimiter = createRateLimiter(limits, now);
  // The same Laravel fixed window, one key per server: its "client" budget is the websocket limit.
  const websocketLimiter = createRateLimiter(
    limits === false ? false : { applicationPerMinute: 0, clientPerMinute: limits.websocketPerMinute },
    now,
  );
  const sequences: Record<keyof PelicanDatabase, number> = {
    nodes: db.nodes.length,
    allocations: db.allocations.length,
    eggs: db.eggs.length,
    users: db.users.length,
    servers: 0,
  };
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
  const keeper = createKeeper(db, sequences, options.onChange);
  const websocketRequests = new Map<string, number>();
  const durable = keeper.durable;
  const { restart, ...serverOperations } = serverLifecycle(
    db,
    process,
    config.installSeconds,
    timestamp,
    () => {
      void durable().catch(() => undefined);
    },
  );
  return {
    config,
    db,
    process,
    rateLimiter,
    websocketLimiter,
    stats: () => rateLimiter.stats(),
    websocketRequests(uuid) {
      if (uuid) return websocketRequests.get(uuid) ?? 0;
      let total = 0;
      for (const count of websocketRequests.values()) total += count;
      return total;
    },
    countWebsocketRequest(uuid) {
      websocketRequests.set(uuid, (websocketRequests.get(uuid) ?? 0) + 1);
    },
    keyOf: (token) => keys.get(token),
    issueKey(kind, userId, permissions = {}) {
      if (!db.users.some((u) => u.id === userId)) throw new Error(`no user ${userId}`);
      const key = generatePelicanKey(kind);
      keys.set(key, { kind, userId, permissions: kind === 'application' ? permissions : {} });
      return key;
    },
    nextId(table) {
      sequences[table] += 1;
      return sequences[table];
    },
    now,
    timestamp,
    setUrls(urls) {
      config.publicUrl = urls.publicUrl.replace(/\/$/, '');
      config.wingsSocketBase = urls.wingsSocketBase.replace(/\/$/, '');
    },
    ...failureQueue(),
    ...createRequestHolds(),
    servers: () => db.servers.map((s) => structuredClone(s)),
    // The row itself, also after `restore` replaced the table.
    keyOwner: () => db.users.find((u) => u.id === owner.id) ?? owner,
    ...serverOperations,
    snapshot: () => ({ ...structuredClone(db), sequences: { ...sequences } }),
    restore(snapshot) {
      for (const server of db.servers) process.remove(server.uuid);
      const { sequences: kept, ...tables } = structuredClone(snapshot);
      for (const table of Object.keys(tables) as Array<keyof PelicanDatabase>)
        (db[table] as unknown[]).splice(0, db[table].length, ...tables[table]);
      Object.assign(sequences, kept);
      keeper.reset();
      restart();
    },
    serialize() {
      return JSON.stringify({ ...db, sequences });
    },
    durable,
  };
}
