/** The tables of the catalogue (games, packages, add-ons, discounts), written only by apps/api/src/catalog. */
import type { Generated, Selectable } from 'kysely';
import type { Flag, Millis } from './columns';

export interface GamesTable {
  id: Generated<number>;
  name: string;
  desktop: Flag;
  console: Flag;
  mobile: Flag;
  priority: number;
  active: Flag;
  image_url: string;
  thumbnail_url: string;
  /** soft deletion: kept for the servers that name it */
  deleted_at: Millis | null;
  created_at: Millis;
  /** JSON env_variable -> value for every server of the game */
  variables: Generated<string>;
  /** JSON egg id -> the env_variable holding the player count ('' none); absent: found by name */
  slot_variables: Generated<string>;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  game_id: number;
  credits_monthly: number;
  thumbnail_url: string;
  /** percent of one core; 0 = unlimited */
  vcpu: number;
  io: number;
  slots: number;
  /** GB; 0 = unlimited */
  storage_size: number;
  /** MB; 0 = unlimited */
  ram_size: number;
  swap: number;
  databases: number;
  backups: number;
  ports: number;
  active: Flag;
  /** the one user a custom package is for, null for a public package */
  target_user_id: number | null;
  /** soft deletion: kept for the servers that name it */
  deleted_at: Millis | null;
  created_at: Millis;
}

export interface PackageNodesTable {
  package_id: number;
  /** Pterodactyl node id */
  node_id: number;
}

export interface PackageEggsTable {
  package_id: number;
  nest_id: number;
  egg_id: number;
}

export interface AddonsTable {
  id: Generated<number>;
  name: string;
  credits_monthly: number;
  /** storage | backups | databases */
  type: string;
  quantity: number;
  active: Flag;
  /** soft deletion: kept for the servers that name it */
  deleted_at: Millis | null;
  created_at: Millis;
}

export interface AddonPackagesTable {
  addon_id: number;
  package_id: number;
}

export interface DiscountsTable {
  id: Generated<number>;
  name: string;
  code: string;
  percentage_bp: number;
  valid_until: Millis;
  created_at: Millis;
}

/** A catalogue entry's name in one language other than English (docs/decisions/242). */
export interface CatalogueNamesTable {
  /** `addon:<id>` or `location:<panel short code>` */
  subject: string;
  language: string;
  name: string;
}

/**
 * Staff's label and help of an egg variable for one game in one language (docs/decisions/438); '' where
 * staff gave none.
 */
export interface EggVariableTextsTable {
  game_id: number;
  env_variable: string;
  language: string;
  label: string;
  help: string;
}

export type Game = Selectable<GamesTable>;
export type Package = Selectable<PackagesTable>;
export type Addon = Selectable<AddonsTable>;
