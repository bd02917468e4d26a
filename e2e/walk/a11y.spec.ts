import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  type Accounts,
  type Language,
  type Place,
  prepareAccounts,
  stillLoggedIn,
  walkCustomer,
  walkGuest,
  walkStaff,
} from './walk';

// Issue 30: axe reports nothing on any route or open dialog in English and Czech. The walk (walk/walk.ts)
// visits every route as a guest, a customer with a server and the master, and opens every dialog; axe
// checks the whole page at each place (a dialog's page-wide faults, such as a second banner, count too).
// A fault seen at several places is listed once, with every place it was seen at.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
// English and Czech by default; A11Y_LANGS=sk,de,fr walks others (each language adds some 15 minutes on a
// loaded machine, so the rest are not walked by default).
const LANGUAGES = (process.env.A11Y_LANGS?.split(',') ?? ['en', 'cs']) as Language[];

// The accounts are made once per run; a failed test restarts the worker, which then reads them back.
const ACCOUNTS_FILE = join(import.meta.dirname, '../.artifacts/a11y-accounts.json');
let accounts: Accounts;

async function loadAccounts(browser: Browser, baseURL: string): Promise<Accounts> {
  if (existsSync(ACCOUNTS_FILE)) {
    const saved = JSON.parse(readFileSync(ACCOUNTS_FILE, 'utf8')) as Accounts;
    if (
      saved.baseURL === baseURL &&
      (await stillLoggedIn(browser, baseURL, saved.customer.state)) &&
      (await stillLoggedIn(browser, baseURL, saved.master.state))
    )
      return saved;
  }
  const made = await prepareAccounts(browser, baseURL);
  mkdirSync(dirname(ACCOUNTS_FILE), { recursive: true });
  writeFileSync(ACCOUNTS_FILE, JSON.stringify(made));
  return made;
}

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(240_000);
  accounts = await loadAccounts(browser, testInfo.project.use.baseURL ?? '');
});

/** axe on the whole page (with a dialog open, its page-wide faults such as a second banner count too). */
function scan(page: Page) {
  return new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .analyze();
}

interface Finding {
  rule: string;
  impact: string;
  help: string;
  target: string;
  html: string;
  places: string[];
}

/** A visit that runs axe and gathers the violations, one entry per rule and element. */
function axeCollector(lng: Language) {
  const found = new Map<string, Finding>();
  let last = Date.now();
  const visit = async (page: Page, place: Place) => {
    const reached = Date.now();
    const result = await scan(page);
    if (process.env.A11Y_TIMES)
      console.log(`${lng} ${place.name}: walk ${reached - last} ms, axe ${Date.now() - reached} ms`);
    last = Date.now();
    for (const v of result.violations)
      for (const node of v.nodes) {
        const target = node.target.map(String).join(' ');
        const key = `${v.id} ${target} ${node.html}`;
        const at = `${place.name} (${lng})`;
        const seen = found.get(key);
        if (seen) {
          if (!seen.places.includes(at)) seen.places.push(at);
        } else
          found.set(key, {
            rule: v.id,
            impact: v.impact ?? '',
            help: v.help,
            target,
            html: node.html.slice(0, 160),
            places: [at],
          });
      }
  };
  const report = () =>
    [...found.values()]
      .sort((a, b) => a.rule.localeCompare(b.rule))
      .map(
        (f) =>
          `${f.rule} (${f.impact}): ${f.help}\n    at ${f.places.join(', ')}\n    target ${f.target}\n    ${f.html}`,
      );
  /** Runs the walk, then fails with the violations; a walk that breaks still lists those found so far. */
  const walk = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      const found = report();
      if (found.length) console.log(`axe violations before the walk broke:\n${found.join('\n')}`);
      throw error;
    }
    expect(report(), 'axe violations (rule, places, element)').toEqual([]);
  };
  return { visit, walk };
}

for (const lng of LANGUAGES) {
  test.describe(`axe in ${lng}`, () => {
    // Each is well under a minute on an idle machine; axe takes seconds per place on a loaded one.
    test.describe.configure({ timeout: 600_000 });
    test(`public and login pages (${lng})`, async ({ browser, baseURL }) => {
      const axe = axeCollector(lng);
      await axe.walk(() => walkGuest({ browser, baseURL: baseURL ?? '', lng, visit: axe.visit }, accounts));
    });

    test(`customer dashboard and dialogs (${lng})`, async ({ browser, baseURL }) => {
      const axe = axeCollector(lng);
      await axe.walk(() =>
        walkCustomer({ browser, baseURL: baseURL ?? '', lng, visit: axe.visit }, accounts),
      );
    });

    test(`staff sections and dialogs (${lng})`, async ({ browser, baseURL }) => {
      const axe = axeCollector(lng);
      await axe.walk(() => walkStaff({ browser, baseURL: baseURL ?? '', lng, visit: axe.visit }, accounts));
    });
  });
}
