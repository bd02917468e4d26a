/**
 * In-memory rows of the emulated panel database. Field names follow the panel's API attributes; where a
 * row has the same shape as the attributes the client reads, it is that type.
 */
import type {
  EggVariable,
  FeatureLimits,
  Location,
  Nest,
  Node,
  PanelUser,
  ServerLimits,
  ServerStatus,
} from '@falkenhost/pterodactyl/types';

export type { ServerStatus };

export type LocationRecord = Location;

/** A node as the panel stores it: its API attributes without the computed totals, plus the daemon token. */
export type NodeRecord = Omit<Node, 'allocated_resources'> & {
  /** 16 characters, shown in the node's configuration */
  daemon_token_id: string;
  /** 64 characters; HS256 secret of the websocket JWTs for servers on this node */
  daemon_token: string;
};

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

export type NestRecord = Nest;

export type EggVariableRecord = EggVariable;

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

/** A panel account as stored: the API's attributes, with `2fa` under its column name. */
export type UserRecord = Omit<PanelUser, '2fa'> & { two_factor: boolean };

export type ServerLimitsRecord = ServerLimits;

export type FeatureLimitsRecord = FeatureLimits;

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
