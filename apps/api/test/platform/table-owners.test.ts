/**
 * One owner per table (docs/architecture.md "Tables and their owners"): every insert, update and delete of
 * a table is written in its owner's folder, so a reader finds all writes of a table in one module. Reads
 * are free. The scan covers Kysely's builders and raw `sql` statements in apps/api/src.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const OWNERS: Record<string, string> = {
  mail_outbox: 'platform',
  audit_log: 'platform',
  staff_notifications: 'platform',
  rate_limits: 'platform',
  users: 'identity',
  sessions: 'identity',
  verification_codes: 'identity',
  password_resets: 'identity',
  user_totp: 'identity',
  totp_recovery_codes: 'identity',
  used_captchas: 'identity',
  panel_tasks: 'panel',
  allocation_claims: 'panel',
  games: 'catalog',
  packages: 'catalog',
  addons: 'catalog',
  addon_packages: 'catalog',
  discounts: 'catalog',
  package_eggs: 'catalog',
  package_nodes: 'catalog',
  catalogue_names: 'catalog',
  credit_ledger: 'billing',
  invoices: 'billing',
  invoice_sequences: 'billing',
  user_packages: 'servers',
  user_package_addons: 'servers',
  schedules: 'servers',
  orders: 'orders',
  account_changes: 'accounts',
  job_runs: 'jobs',
};

/**
 * The writes outside an owner: the balance is a running sum of the ledger, moved with its entry; the
 * hourly tick's batch charge moves many balances with their ledger rows in one statement each.
 */
const EXCEPTIONS = new Set(['users billing/ledger.ts', 'users billing/hour-charges.ts']);

const SRC = join(import.meta.dirname, '../../src');
const WRITE =
  /\b(?:insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)'|\b(?:update|insert\s+into|delete\s+from)\s+([a-z_]+)\b/gi;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('table owners', () => {
  it('every table is written only by its owning module', () => {
    const strays: string[] = [];
    for (const path of sourceFiles(SRC)) {
      const file = relative(SRC, path);
      const module = file.split('/')[0];
      // Comments may name statements; only code counts.
      const code = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      for (const match of code.matchAll(WRITE)) {
        const table = (match[1] ?? match[2] ?? '').toLowerCase();
        const owner = OWNERS[table];
        if (!owner || owner === module || EXCEPTIONS.has(`${table} ${file}`)) continue;
        strays.push(`${file} writes ${table} (owner: ${owner})`);
      }
    }
    expect(strays).toEqual([]);
  });
});
