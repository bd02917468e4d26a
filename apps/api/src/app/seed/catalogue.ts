/**
 * The demo catalogue: product.md "What the product does"'s games, packages, add-ons, a discount
 * (docs/decisions/098-demo-start.md).
 */
import type { VariableTexts } from '@falkenhost/contracts/egg-variables';

export interface SeedPackage {
  name: string;
  tier: 'starter' | 'standard' | 'performance' | 'extreme';
  credits: number;
  vcpu: number;
  ramMb: number;
  storageGb: number;
  slots: number;
  databases: number;
  backups: number;
  ports: number;
}

export interface SeedGame {
  name: string;
  /**
   * staff's label and help of the egg variables customers fill in, by env_variable and language
   * (docs/decisions/438)
   */
  variableTexts?: Record<string, VariableTexts>;
  slug: string;
  /** the panel nest whose eggs the packages offer */
  nest: string;
  priority: number;
  desktop: boolean;
  console: boolean;
  mobile: boolean;
  packages: SeedPackage[];
}

const p = (
  name: string,
  tier: SeedPackage['tier'],
  credits: number,
  vcpu: number,
  ramMb: number,
  storageGb: number,
  slots: number,
  databases = 1,
  backups = 2,
  ports = 1,
): SeedPackage => ({ name, tier, credits, vcpu, ramMb, storageGb, slots, databases, backups, ports });

export const SEED_GAMES: SeedGame[] = [
  {
    name: 'Minecraft',
    slug: 'minecraft',
    nest: 'Minecraft',
    priority: 1,
    desktop: true,
    console: false,
    mobile: false,
    packages: [
      p('Minecraft Starter', 'starter', 100, 100, 2048, 10, 10),
      p('Minecraft Standard', 'standard', 200, 200, 4096, 25, 25, 2, 3),
      p('Minecraft Performance', 'performance', 400, 300, 8192, 50, 50, 3, 5, 2),
      p('Minecraft Extreme', 'extreme', 750, 400, 16384, 100, 0, 5, 10, 3),
    ],
  },
  {
    name: 'ARK Survival',
    slug: 'ark-survival',
    nest: 'ARK: Survival Evolved',
    priority: 2,
    desktop: true,
    console: true,
    mobile: false,
    packages: [
      p('ARK Standard', 'standard', 450, 300, 8192, 60, 20, 1, 3, 3),
      p('ARK Performance', 'performance', 700, 400, 12288, 100, 50, 2, 5, 3),
      p('ARK Extreme', 'extreme', 950, 600, 16384, 150, 70, 3, 8, 3),
    ],
  },
  {
    name: 'Terraria',
    slug: 'terraria',
    nest: 'Terraria',
    priority: 3,
    desktop: true,
    console: false,
    mobile: true,
    packages: [
      p('Terraria Starter', 'starter', 60, 100, 1024, 5, 8, 0, 1),
      p('Terraria Standard', 'standard', 110, 150, 2048, 10, 16, 0, 2),
      p('Terraria Performance', 'performance', 200, 200, 4096, 20, 32, 1, 3),
    ],
  },
  {
    name: 'Satisfactory',
    slug: 'satisfactory',
    nest: 'Satisfactory',
    priority: 4,
    desktop: true,
    console: false,
    mobile: false,
    packages: [
      p('Satisfactory Standard', 'standard', 350, 300, 8192, 30, 4, 0, 3, 3),
      p('Satisfactory Performance', 'performance', 550, 400, 12288, 50, 8, 0, 5, 3),
    ],
  },
  {
    name: '7 Days To Die',
    slug: '7-days-to-die',
    nest: '7 Days To Die',
    priority: 5,
    desktop: true,
    console: true,
    mobile: false,
    packages: [
      p('7 Days Standard', 'standard', 300, 200, 6144, 40, 8, 0, 3, 2),
      p('7 Days Performance', 'performance', 500, 400, 10240, 80, 16, 0, 5, 2),
    ],
  },
  {
    name: 'FiveM',
    slug: 'fivem',
    nest: 'FiveM',
    variableTexts: {
      FIVEM_LICENSES: {
        en: {
          label: 'FiveM licence key',
          help: 'Your server’s licence key from keymaster.fivem.net (it starts with cfxk_).',
        },
        cs: {
          label: 'Licenční klíč FiveM',
          help: 'Licenční klíč vašeho serveru z keymaster.fivem.net (začíná na cfxk_).',
        },
        sk: {
          label: 'Licenčný kľúč FiveM',
          help: 'Licenčný kľúč vášho servera z keymaster.fivem.net (začína sa na cfxk_).',
        },
        de: {
          label: 'FiveM-Lizenzschlüssel',
          help: 'Der Lizenzschlüssel Ihres Servers von keymaster.fivem.net (beginnt mit cfxk_).',
        },
        fr: {
          label: 'Clé de licence FiveM',
          help: 'La clé de licence de votre serveur, sur keymaster.fivem.net (elle commence par cfxk_).',
        },
      },
    },
    priority: 6,
    desktop: true,
    console: false,
    mobile: false,
    packages: [
      p('FiveM Starter', 'starter', 250, 200, 4096, 20, 32, 1, 2, 2),
      // 48: the most the FiveM egg's MAX_PLAYERS allows (`between:1,48`), which the panel enforces.
      p('FiveM Performance', 'performance', 450, 400, 8192, 40, 48, 2, 4, 2),
    ],
  },
];

/** The demo's add-ons; `names` are their names in the other languages (docs/decisions/242). */
export const SEED_ADDONS = [
  {
    name: 'Extra storage 10 GB',
    names: {
      cs: 'Úložiště navíc 10 GB',
      sk: 'Úložisko navyše 10 GB',
      de: 'Zusätzlicher Speicher 10 GB',
      fr: 'Stockage supplémentaire 10 Go',
    },
    type: 'storage',
    quantity: 10,
    credits: 40,
  },
  {
    name: 'Extra backups +2',
    names: {
      cs: 'Zálohy navíc +2',
      sk: 'Zálohy navyše +2',
      de: 'Zusätzliche Backups +2',
      fr: 'Sauvegardes supplémentaires +2',
    },
    type: 'backups',
    quantity: 2,
    credits: 20,
  },
  {
    name: 'Extra databases +2',
    names: {
      cs: 'Databáze navíc +2',
      sk: 'Databázy navyše +2',
      de: 'Zusätzliche Datenbanken +2',
      fr: 'Bases de données supplémentaires +2',
    },
    type: 'databases',
    quantity: 2,
    credits: 15,
  },
] as const;

/**
 * Names of the panel's locations, by short code: the demo panel's one location (the Pterodactyl emulator's
 * "Falkenstein, Germany"; on Pelican the node tag `de-fsn`, which has no name of its own, so the English
 * one is written too).
 */
export const SEED_LOCATION_NAMES = {
  'de-fsn': {
    en: 'Falkenstein, Germany',
    cs: 'Falkenstein, Německo',
    sk: 'Falkenstein, Nemecko',
    de: 'Falkenstein, Deutschland',
    fr: 'Falkenstein, Allemagne',
  },
};

export const SEED_DISCOUNT = { name: 'Welcome 10 %', code: 'WELCOME10', percentageBp: 1000, validDays: 365 };
