/**
 * One owner per table (docs/architecture.md "The rules"): every insert, update and delete of a table is
 * written in its owner's folder, so a reader finds all writes of a table in one module. The scan covers
 * Kysely's builders, raw `sql` statements and the queue helper's calls (platform/queue.ts writes the table
 * its caller names) in apps/api/src. Reads of a table owned by a module higher in module-order.json are a
 * dependency no import shows: each is listed below with its reason, and a new one fails.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import moduleOrder from '../../../../module-order.json';

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
  egg_variable_texts: 'catalog',
  credit_ledger: 'billing',
  invoices: 'billing',
  invoice_sequences: 'billing',
  user_packages: 'servers',
  user_package_addons: 'servers',
  schedules: 'servers',
  orders: 'orders',
  auto_top_ups: 'orders',
  account_changes: 'accounts',
  overview_hours: 'staff',
  job_runs: 'jobs',
};

/**
 * The writes outside an owner: the balance is a running sum of the ledger, moved with its entry; the
 * hourly tick's batch charge moves many balances with their ledger rows in one statement each.
 */
const EXCEPTIONS = new Set(['users billing/ledger.ts', 'users billing/hour-charges.ts']);

/**
 * Reads of a higher module's table, each with why it stays (`<file> reads <table>`). A lower module
 * cannot import the owner's function, and these reads are joins or counts inside the lower module's own
 * query; moving them would mean passing the rows down through every caller.
 */
const UPWARD_READS: Record<string, string> = {
  // Staff lists and the catalogue edits' guards count the owners of a package or add-on in their query.
  'catalog/admin/admin-addons.ts reads user_package_addons': 'addons_ordered of the staff list; delete guard',
  'catalog/admin/admin-addons.ts reads user_packages': 'addons_ordered counts live servers only',
  'catalog/admin/admin-packages.ts reads user_packages': 'packages_ordered of the staff list; delete guard',
  // The panel builds a server from its package: egg variables and limits come from the catalogue.
  'panel/egg-variables.ts reads package_eggs': 'the eggs a package offers',
  'panel/egg-variables.ts reads packages': 'the package whose eggs are checked',
  'panel/server-build.ts reads user_packages': 'the build of an owned server',
  'panel/slot-variables.ts reads games': "staff's egg variable values and player-count variables of a game",
  'panel/slot-variables.ts reads package_eggs': 'the eggs whose player-count variable staff choose',
  'panel/slot-variables.ts reads packages': 'the packages of a game whose eggs staff choose for',
  'panel/server-build.ts reads packages': 'the package limits of the build',
  'panel/server-build.ts reads user_package_addons': 'the add-ons added to the build',
  'panel/server-build.ts reads addons': 'the add-ons added to the build',
  // The audit log names what an entry is about by joining the owners' tables.
  'platform/audit.ts reads users': 'names of actors and targets',
  'platform/audit.ts reads games': 'names of targets',
  'platform/audit.ts reads packages': 'names of targets',
  'platform/audit.ts reads addons': 'names of targets',
  'platform/audit.ts reads discounts': 'names of targets',
  'platform/audit.ts reads user_packages': 'names of targets',
};

const SRC = join(import.meta.dirname, '../../src');
const MIGRATIONS = join(SRC, 'platform/db/migrations');
const MODULES: string[] = moduleOrder.api;
const WRITE =
  /\b(?:insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)'|\b(?:update|insert\s+into|delete\s+from)\s+([a-z_]+)\b/gi;
/** platform/queue.ts's calls that write the table they are given, and its send queues' `table`. */
const QUEUE_WRITE =
  /\b(?:leaseRow|retryLater|takeLease|releaseLease|claimSlot)\(\s*[\w.]+,\s*'([a-z_]+)'|\btable:\s*'([a-z_]+)'/g;
/** A write whose table is not a string literal: only the queue helper may, for its callers. */
const NAMED_WRITE = /\b(?:insertInto|updateTable|deleteFrom)\(\s*(?!['\s])/g;
const QUEUE_HELPER = 'platform/queue.ts';
const READ =
  /\b(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'([a-z_]+)|\b(?:from|join)\s+([a-z_]+)\b/gi;

function sourceFiles(dir: string, skipMigrations = true): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return skipMigrations && name === 'migrations' ? [] : sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Each source file's path under src, its module and its code without comments (they may name statements). */
function sources() {
  return sourceFiles(SRC).map((path) => {
    const file = relative(SRC, path);
    const code = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    return { file, module: file.split('/')[0] ?? '', code };
  });
}

function tablesOf(code: string, pattern: RegExp): string[] {
  return [...code.matchAll(pattern)].map((match) => (match[1] ?? match[2] ?? '').toLowerCase());
}

describe('table owners', () => {
  it('every table the migrations create has an owner, and every owner names such a table', () => {
    const created = new Set(
      sourceFiles(MIGRATIONS, false).flatMap((path) =>
        [...readFileSync(path, 'utf8').matchAll(/createTable\(\s*'([a-z_]+)'/g)].map((m) => m[1]),
      ),
    );
    expect([...created].sort()).toEqual(Object.keys(OWNERS).sort());
    expect(Object.values(OWNERS).filter((module) => !MODULES.includes(module))).toEqual([]);
  });

  it('every table is written only by its owning module, the queue helper’s writes included', () => {
    const strays: string[] = [];
    for (const { file, module, code } of sources()) {
      const written = [...tablesOf(code, WRITE), ...tablesOf(code, QUEUE_WRITE)];
      for (const table of written) {
        const owner = OWNERS[table];
        if (!owner) strays.push(`${file} writes ${table}, a table with no owner`);
        else if (owner !== module && !EXCEPTIONS.has(`${table} ${file}`))
          strays.push(`${file} writes ${table} (owner: ${owner})`);
      }
      if (file !== QUEUE_HELPER && NAMED_WRITE.test(code))
        strays.push(`${file} writes a table named by a variable`);
      NAMED_WRITE.lastIndex = 0;
    }
    expect(strays).toEqual([]);
  });

  it("reads of a higher module's tables are the listed ones", () => {
    const found = new Set<string>();
    for (const { file, module, code } of sources()) {
      for (const table of tablesOf(code, READ)) {
        const owner = OWNERS[table];
        if (owner && MODULES.indexOf(owner) > MODULES.indexOf(module)) found.add(`${file} reads ${table}`);
      }
    }
    expect([...found].sort()).toEqual(Object.keys(UPWARD_READS).sort());
  });
});
