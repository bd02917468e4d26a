/**
 * Attribute objects of the Pterodactyl Application and Client APIs (panel 1.11), as the client returns
 * them (the `attributes` of `{ object, attributes }`). Memory and disk in MB, cpu in percent (100 = one
 * core), timestamps ISO-8601 strings with offset.
 */

export interface Location {
  id: number;
  /** short code, e.g. `de-fsn` */
  short: string;
  /** description, e.g. `Falkenstein, Germany` */
  long: string;
  created_at: string;
  updated_at: string;
}

export interface Node {
  id: number;
  uuid: string;
  public: boolean;
  name: string;
  description: string | null;
  location_id: number;
  fqdn: string;
  scheme: 'http' | 'https';
  behind_proxy: boolean;
  maintenance_mode: boolean;
  /** MB */
  memory: number;
  /** percent over `memory` the panel may allocate; -1 = unlimited */
  memory_overallocate: number;
  /** MB */
  disk: number;
  /** percent over `disk`; -1 = unlimited */
  disk_overallocate: number;
  /** MB */
  upload_size: number;
  daemon_listen: number;
  daemon_sftp: number;
  daemon_base: string;
  created_at: string;
  updated_at: string;
  /** MB of memory and disk given to the servers on this node */
  allocated_resources: { memory: number; disk: number };
}

export interface Allocation {
  id: number;
  ip: string;
  alias: string | null;
  port: number;
  notes: string | null;
  /** a server uses it */
  assigned: boolean;
}

export interface Nest {
  id: number;
  uuid: string;
  author: string;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

/** An egg variable's rules as the panel gives them (the union of `@falkenhost/contracts/egg-variables`). */
export type EggRules = string | string[];

export interface EggVariable {
  id: number;
  egg_id: number;
  name: string;
  description: string;
  env_variable: string;
  default_value: string;
  user_viewable: boolean;
  user_editable: boolean;
  /**
   * Laravel rules: Pterodactyl gives one `|`-separated string (`required|string|max:20`), Pelican an array
   * (`['required', 'string', 'max:20']`); packages/contracts' egg-variables reads both.
   */
  rules: EggRules;
  created_at: string;
  updated_at: string;
}

export interface Egg {
  id: number;
  uuid: string;
  name: string;
  /** nest id */
  nest: number;
  author: string;
  description: string | null;
  /** the default image (deprecated by the panel in favour of `docker_images`) */
  docker_image: string;
  /** label -> image */
  docker_images: Record<string, string>;
  config: Record<string, unknown>;
  startup: string;
  script: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  /** present when asked with `includeVariables` (unwrapped from `relationships.variables`) */
  variables?: EggVariable[];
}

/** A panel account (the panel calls it user). */
export interface PanelUser {
  id: number;
  external_id: string | null;
  uuid: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  root_admin: boolean;
  '2fa': boolean;
  created_at: string;
  updated_at: string;
}

/** Panel status of a server; null for a normal installed server. */
export type ServerStatus =
  | 'installing'
  | 'install_failed'
  | 'reinstall_failed'
  | 'suspended'
  | 'restoring_backup'
  | null;

export interface ServerLimits {
  /** MB; 0 = unlimited */
  memory: number;
  /** MB; -1 = unlimited */
  swap: number;
  /** MB; 0 = unlimited */
  disk: number;
  /** block IO weight 10..1000 */
  io: number;
  /** percent, 100 = one core; 0 = unlimited */
  cpu: number;
  threads: string | null;
  oom_disabled: boolean;
}

export interface FeatureLimits {
  databases: number | null;
  allocations: number | null;
  backups: number | null;
}

export interface Server {
  id: number;
  external_id: string | null;
  uuid: string;
  /** first 8 characters of the uuid; the Client API's `{server}` */
  identifier: string;
  name: string;
  description: string;
  status: ServerStatus;
  suspended: boolean;
  limits: ServerLimits;
  feature_limits: FeatureLimits;
  /** user id */
  user: number;
  /** node id */
  node: number;
  /** primary allocation id */
  allocation: number;
  nest: number;
  egg: number;
  container: {
    startup_command: string;
    image: string;
    /** 1 once installed */
    installed: number;
    environment: Record<string, string | number | boolean | null>;
  };
  created_at: string;
  updated_at: string;
}

/** Process state of a server's container. */
export type ProcessState = 'offline' | 'starting' | 'running' | 'stopping';

/** `GET /api/client/servers/{server}/resources` attributes. */
export interface ResourceStats {
  current_state: ProcessState;
  is_suspended: boolean;
  resources: {
    memory_bytes: number;
    /** percent, 100 = one core */
    cpu_absolute: number;
    disk_bytes: number;
    network_rx_bytes: number;
    network_tx_bytes: number;
    /** milliseconds */
    uptime: number;
  };
}

/** `GET /api/client/servers/{server}/websocket` data: a JWT and the Wings socket URL. */
export interface WebsocketCredentials {
  token: string;
  socket: string;
}

export type PowerSignal = 'start' | 'stop' | 'restart' | 'kill';
