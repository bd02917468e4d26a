/** In-memory rows of the emulated panel database. Field names follow the panel's API attributes. */

export interface LocationRecord {
  id: number;
  short: string;
  long: string;
  created_at: string;
  updated_at: string;
}

export interface NodeRecord {
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
  /** percent; -1 disables the check */
  memory_overallocate: number;
  /** MB */
  disk: number;
  /** percent; -1 disables the check */
  disk_overallocate: number;
  /** MB */
  upload_size: number;
  daemon_listen: number;
  daemon_sftp: number;
  daemon_base: string;
  /** 16 characters, shown in the node's configuration */
  daemon_token_id: string;
  /** 64 characters; HS256 secret of the websocket JWTs for servers on this node */
  daemon_token: string;
  created_at: string;
  updated_at: string;
}

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

export interface NestRecord {
  id: number;
  uuid: string;
  author: string;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface EggVariableRecord {
  id: number;
  egg_id: number;
  name: string;
  description: string;
  env_variable: string;
  default_value: string;
  user_viewable: boolean;
  user_editable: boolean;
  /** Laravel validation rules, `|`-separated, e.g. `required|string|max:20` */
  rules: string;
  created_at: string;
  updated_at: string;
}

export interface EggRecord {
  id: number;
  uuid: string;
  nest_id: number;
  author: string;
  name: string;
  description: string | null;
  /** label -> image */
  docker_images: Record<string, string>;
  startup: string;
  config: {
    files: Record<string, unknown>;
    startup: Record<string, unknown>;
    stop: string;
    logs: Record<string, unknown>;
    file_denylist: string[];
    extends: number | null;
  };
  script: { privileged: boolean; install: string; entry: string; container: string; extends: number | null };
  variables: EggVariableRecord[];
  created_at: string;
  updated_at: string;
}

export interface UserRecord {
  id: number;
  uuid: string;
  external_id: string | null;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  root_admin: boolean;
  two_factor: boolean;
  created_at: string;
  updated_at: string;
}

/** Panel server status; null is a normal, installed server. */
export type ServerStatus =
  | 'installing'
  | 'install_failed'
  | 'reinstall_failed'
  | 'suspended'
  | 'restoring_backup'
  | null;

export interface ServerLimitsRecord {
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

export interface FeatureLimitsRecord {
  databases: number | null;
  allocations: number | null;
  backups: number | null;
}

export interface ServerRecord {
  id: number;
  uuid: string;
  external_id: string | null;
  name: string;
  description: string;
  status: ServerStatus;
  /** install finished (container.installed) */
  installed: boolean;
  limits: ServerLimitsRecord;
  feature_limits: FeatureLimitsRecord;
  user_id: number;
  node_id: number;
  allocation_id: number;
  nest_id: number;
  egg_id: number;
  startup: string;
  image: string;
  /** egg variable values by env variable name */
  environment: Record<string, string | null>;
  start_on_completion: boolean;
  created_at: string;
  updated_at: string;
}
