/** Declarative seed of the emulated panel; `createEmulatorState` turns it into rows with ids and uuids. */

export interface SeedEggVariable {
  name: string;
  description: string;
  env_variable: string;
  default_value: string;
  /** Laravel rules, `|`-separated, e.g. `required|regex:/^([\w\d._-]+)(\.jar)$/` */
  rules: string;
  user_viewable?: boolean;
  user_editable?: boolean;
}

export interface SeedEgg {
  name: string;
  description: string;
  /** label -> image, the first is the default */
  docker_images: Record<string, string>;
  startup: string;
  /** console line that marks the server as started */
  done?: string;
  /** stop command, `^C` for SIGINT */
  stop?: string;
  install_container?: string;
  variables: SeedEggVariable[];
}

export interface SeedNest {
  name: string;
  author: string;
  description: string;
  eggs: SeedEgg[];
}

export interface SeedNode {
  name: string;
  /** short code of its location */
  location: string;
  fqdn: string;
  /** MB */
  memory: number;
  /** MB */
  disk: number;
  /** IP of its allocations */
  ip: string;
  /** first allocation port; ports are consecutive */
  first_port: number;
  allocation_count: number;
  public?: boolean;
  description?: string;
}

export interface SeedUser {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  root_admin?: boolean;
  external_id?: string | null;
}

export interface SeedData {
  locations: Array<{ short: string; long: string }>;
  nodes: SeedNode[];
  nests: SeedNest[];
  /** the first root admin owns the client key; one is created when none is given */
  users: SeedUser[];
}
