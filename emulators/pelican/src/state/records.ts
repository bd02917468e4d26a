/**
 * In-memory rows of the emulated Pelican panel. Field names follow Pelican's API attributes
 * (app/Transformers/Api/Application/*.php); hidden columns (daemon token) are kept beside them.
 */

/** A node (app/Models/Node.php): Pterodactyl's columns without `location_id`, plus cpu, tags, connect port. */
export interface NodeRecord {
  id: number;
  uuid: string;
  public: boolean;
  name: string;
  description: string | null;
  fqdn: string;
  scheme: 'http' | 'https';
  behind_proxy: boolean;
  maintenance_mode: boolean;
  /** MB; 0 = unlimited */
  memory: number;
  memory_overallocate: number;
  /** MB; 0 = unlimited */
  disk: number;
  disk_overallocate: number;
  /** percent; 0 = unlimited */
  cpu: number;
  cpu_overallocate: number;
  upload_size: number;
  daemon_listen: number;
  daemon_sftp: number;
  daemon_sftp_alias: string | null;
  daemon_connect: number;
  daemon_base: string;
  tags: string[];
  created_at: string;
  updated_at: string;
  /** 16 characters (hidden) */
  daemon_token_id: string;
  /** 64 characters (hidden); HS256 secret of the node's JWTs */
  daemon_token: string;
}

/** An allocation (IP and port of a node), as Pterodactyl's. */
export interface AllocationRecord {
  id: number;
  node_id: number;
  ip: string;
  alias: string | null;
  port: number;
  notes: string | null;
  /** the server using this allocation, or null when free */
  server_id: number | null;
}

/** An egg variable as `EggVariable::toArray()` renders it; `rules` is an array. */
export interface EggVariableRecord {
  id: number;
  egg_id: number;
  name: string;
  description: string;
  env_variable: string;
  default_value: string;
  user_viewable: boolean;
  user_editable: boolean;
  rules: string[];
  /** microsecond timestamps, as Eloquent's toArray() writes them */
  created_at: string;
  updated_at: string;
  sort: number | null;
}

/** An egg without a nest: tags, features, image and startup maps (app/Models/Egg.php). */
export interface EggRecord {
  id: number;
  uuid: string;
  name: string;
  author: string;
  description: string | null;
  tags: string[];
  features: string[];
  docker_images: Record<string, string>;
  startup_commands: Record<string, string>;
  file_denylist: string[];
  config: {
    files: Record<string, unknown>;
    startup: Record<string, unknown>;
    logs: Record<string, unknown>;
    stop: string;
  };
  script: { privileged: boolean; install: string; entry: string; container: string };
  variables: EggVariableRecord[];
  created_at: string;
  updated_at: string;
}

/** A panel account (app/Models/User.php): no first/last name; root admin is a role. */
export interface UserRecord {
  id: number;
  uuid: string;
  external_id: string | null;
  is_managed_externally: boolean;
  username: string;
  /** stored lower case */
  email: string;
  language: string;
  timezone: string;
  root_admin: boolean;
  two_factor: boolean;
  created_at: string;
  updated_at: string;
}

/** Pelican's server states (app/Enums/ServerState.php) the emulator reaches; null is a normal server. */
export type PelicanServerStatus = 'installing' | 'suspended' | null;

/** A server's limits: MB for memory, swap and disk, % for cpu, io weight 0..1000. */
export interface PelicanServerLimits {
  memory: number;
  swap: number;
  disk: number;
  io: number;
  cpu: number;
  threads: string | null;
  /** the deprecated mirror of `oom_killer` the transformer still sends */
  oom_disabled: boolean;
  oom_killer: boolean;
}

/** A server (app/Models/Server.php): no nest, an allocation that may be null. */
export interface ServerRecord {
  id: number;
  uuid: string;
  external_id: string | null;
  name: string;
  description: string;
  status: PelicanServerStatus;
  limits: PelicanServerLimits;
  feature_limits: { databases: number | null; allocations: number | null; backups: number | null };
  user_id: number;
  node_id: number;
  /** null when created with an empty `deploy.port_range` (2025_06_03_171448_nullable_server_allocation_id.php) */
  allocation_id: number | null;
  egg_id: number;
  startup: string;
  image: string;
  /** egg variable values by env variable name */
  environment: Record<string, string | null>;
  start_on_completion: boolean;
  created_at: string;
  updated_at: string;
}

/** Every table of the emulated panel. */
export interface PelicanDatabase {
  nodes: NodeRecord[];
  allocations: AllocationRecord[];
  eggs: EggRecord[];
  users: UserRecord[];
  servers: ServerRecord[];
}
