/** Declarative seed of the emulated Pelican panel; `createPelicanState` turns it into rows with ids. */

/** An egg variable as Pelican's egg files have it: `rules` is an array of Laravel rules. */
export interface PelicanSeedVariable {
  name: string;
  description: string;
  env_variable: string;
  default_value: string;
  user_viewable: boolean;
  user_editable: boolean;
  /** e.g. `['required', 'regex:/^([\w\d._-]+)(\.jar)$/']` (2024_07_25_072050_convert_rules_to_array.php) */
  rules: string[];
  sort: number | null;
}

/** An egg as Pelican's PLCN_v3 egg files describe it (icon left out). */
export interface PelicanSeedEgg {
  /** the file and commit of github:pelican-dev/panel it was converted from */
  source: string;
  uuid: string;
  name: string;
  author: string;
  description: string | null;
  /** what nests used to be (2024_03_12_154408_remove_nests_table.php), e.g. `['Minecraft']` */
  tags: string[];
  features: string[];
  /** label -> image, the first is the default */
  docker_images: Record<string, string>;
  /** label -> command, the first is the default */
  startup_commands: Record<string, string>;
  file_denylist: string[];
  config: {
    files: Record<string, unknown>;
    startup: Record<string, unknown>;
    logs: Record<string, unknown>;
    stop: string;
  };
  script: { install: string; container: string; entry: string };
  variables: PelicanSeedVariable[];
}

/** A node; `tags` stand for what were locations on Pterodactyl (one tag per location short code). */
export interface PelicanSeedNode {
  name: string;
  tags: string[];
  fqdn: string;
  /** MB; 0 = unlimited */
  memory: number;
  /** MB; 0 = unlimited */
  disk: number;
  /** percent, 100 = one core; 0 = unlimited */
  cpu: number;
  ip: string;
  /** first allocation port; ports are consecutive */
  first_port: number;
  allocation_count: number;
  public?: boolean;
  description?: string;
}

/** A panel account; a root admin holds Pelican's root admin role. */
export interface PelicanSeedUser {
  username: string;
  email: string;
  root_admin?: boolean;
  external_id?: string | null;
}

/** Nodes, eggs and users of a fresh emulator. */
export interface PelicanSeedData {
  nodes: PelicanSeedNode[];
  eggs: PelicanSeedEgg[];
  /** the first root admin owns the seeded keys */
  users: PelicanSeedUser[];
}
