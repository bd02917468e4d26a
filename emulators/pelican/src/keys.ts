import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomAlphanumeric } from '@falkenhost/pterodactyl-emulator/api/keys';
import { writeFileDurably } from '@falkenhost/pterodactyl-emulator/state/persist';

/** Prefix of an application key (`ApiKey::getPrefixForType`, TYPE_APPLICATION). */
export const PELICAN_APPLICATION_PREFIX = 'papp_';
/** Prefix of a client (account) key (`ApiKey::getPrefixForType`, TYPE_ACCOUNT). */
export const PELICAN_CLIENT_PREFIX = 'pacc_';
/** A key is its 16-character identifier (prefix included) and its 32-character token (app/Models/ApiKey.php). */
export const PELICAN_KEY_LENGTH = 16 + 32;

/** `application` (`papp_`, TYPE_APPLICATION) or `client` (`pacc_`, TYPE_ACCOUNT). */
export type PelicanKeyKind = 'application' | 'client';

/**
 * A key shaped like Pelican's: `papp_` or `pacc_`, 11 more identifier characters, then the 32-character
 * token (letters and digits, as Laravel's Str::random).
 */
export function generatePelicanKey(kind: PelicanKeyKind): string {
  const prefix = kind === 'application' ? PELICAN_APPLICATION_PREFIX : PELICAN_CLIENT_PREFIX;
  return prefix + randomAlphanumeric(PELICAN_KEY_LENGTH - prefix.length);
}

/** Whether `key` is a well-formed Pelican key of that kind (prefix, 48 characters, letters and digits). */
export function isPelicanKeyOfKind(key: string, kind: PelicanKeyKind): boolean {
  const prefix = kind === 'application' ? PELICAN_APPLICATION_PREFIX : PELICAN_CLIENT_PREFIX;
  return key.length === PELICAN_KEY_LENGTH && key.startsWith(prefix) && /^[A-Za-z0-9]+$/.test(key.slice(5));
}

/** The two keys the emulator's seeded root admin owns. */
export interface PelicanKeys {
  applicationKey: string;
  clientKey: string;
}

/**
 * Reads the emulator's keys from a JSON file (`{ applicationKey, clientKey }`), creating the file (mode 0600,
 * its folder if need be) with new keys when it is missing or holds keys of the wrong shape, so a demo keeps
 * its keys across restarts the way its other secrets are kept.
 * @throws Error when the file cannot be read or written
 */
export function readOrCreatePelicanKeys(file: string): PelicanKeys {
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<PelicanKeys>;
    if (
      typeof kept.applicationKey === 'string' &&
      typeof kept.clientKey === 'string' &&
      isPelicanKeyOfKind(kept.applicationKey, 'application') &&
      isPelicanKeyOfKind(kept.clientKey, 'client')
    )
      return { applicationKey: kept.applicationKey, clientKey: kept.clientKey };
  }
  const keys = { applicationKey: generatePelicanKey('application'), clientKey: generatePelicanKey('client') };
  mkdirSync(dirname(file), { recursive: true });
  // Written whole or not at all (temporary file, fsync, rename), then readable by its owner only.
  writeFileDurably(file, JSON.stringify(keys, null, 2));
  chmodSync(file, 0o600);
  return keys;
}
