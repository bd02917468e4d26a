/** The demo's secrets, kept in its data folder across restarts (platform/config.ts). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Reads secrets kept across demo restarts from `dataDir`/secrets.json, creating the missing ones (the file
 * with mode 0600, its folder if need be).
 * @throws Error when the file cannot be read, parsed or written
 */
export function demoSecrets(
  dataDir: string,
): Record<
  | 'captcha'
  | 'access'
  | 'code'
  | 'mollie'
  | 'pteroApp'
  | 'pteroClient'
  | 'pelicanApp'
  | 'pelicanClient'
  | 'metrics',
  string
> {
  const file = resolve(dataDir, 'secrets.json');
  const token = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  if (kept?.metrics && kept.pelicanApp) return kept;
  // A data folder from an older demo keeps its secrets and gains the ones added since.
  const secrets = {
    captcha: token(48),
    access: token(48),
    code: token(48),
    mollie: `test_${token(30)}`,
    pteroApp: `ptla_${token(43)}`,
    pteroClient: `ptlc_${token(43)}`,
    pelicanApp: `papp_${token(43)}`,
    pelicanClient: `pacc_${token(43)}`,
    metrics: token(40),
    ...kept,
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
