/** Request bodies of the Application API calls the client makes. Memory and disk in MB, cpu in percent. */

export interface CreateUserInput {
  email: string;
  /** lowercased by the panel; must match `/^[a-z0-9]([\w\.-]+)[a-z0-9]$/` */
  username: string;
  first_name: string;
  last_name: string;
  external_id?: string | null;
  password?: string;
  root_admin?: boolean;
  language?: string;
  /** Pelican only (e.g. `Europe/Berlin`, default UTC); Pterodactyl ignores it */
  timezone?: string;
}

export interface ServerLimitsInput {
  memory: number;
  swap: number;
  disk: number;
  /** 10..1000 */
  io: number;
  cpu: number;
  threads?: string | null;
  oom_disabled?: boolean;
}

export interface FeatureLimitsInput {
  databases: number | null;
  backups: number | null;
  allocations?: number | null;
}

/** `POST /api/application/servers`: give either `allocation.default` or `deploy`. */
export interface CreateServerInput {
  name: string;
  /** panel user id */
  user: number;
  egg: number;
  docker_image: string;
  startup: string;
  /**
   * egg variable values by env variable; each is validated by the variable's rules. Send strings (e.g.
   * the egg's `default_value`): a `string` rule refuses JSON numbers, as in Laravel.
   */
  environment: Record<string, string | number | boolean | null>;
  limits: ServerLimitsInput;
  feature_limits: FeatureLimitsInput;
  allocation?: { default: number; additional?: number[] };
  deploy?: { locations: number[]; dedicated_ip: boolean; port_range: string[] };
  external_id?: string | null;
  description?: string;
  start_on_completion?: boolean;
  skip_scripts?: boolean;
  oom_disabled?: boolean;
}

/** `PATCH /api/application/servers/{id}/build`; the panel changes only the fields sent. */
export interface UpdateServerBuildInput {
  /** primary allocation id; must belong to the server */
  allocation: number;
  limits: ServerLimitsInput;
  feature_limits: FeatureLimitsInput;
  oom_disabled?: boolean;
  add_allocations?: number[];
  remove_allocations?: number[];
}

/**
 * `PATCH /api/application/servers/{id}/startup` (UpdateServerStartupRequest): startup, egg and image are
 * required; a non-empty `environment` must hold every variable of the egg, since the panel checks them all
 * and writes '' for one left out.
 */
export interface UpdateServerStartupInput {
  startup: string;
  egg: number;
  image: string;
  environment: Record<string, string>;
  skip_scripts: boolean;
}

/** `PATCH /api/application/servers/{id}/details`; omitted external_id becomes null, description ''. */
export interface UpdateServerDetailsInput {
  name: string;
  user: number;
  external_id?: string | null;
  description?: string;
}
