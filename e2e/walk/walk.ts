/**
 * The walk: every route and every dialog of the product, as a guest, a customer with a server and the
 * master, in one language. Shared by the axe test (tests/a11y.spec.ts) and the screenshot script
 * (walk/screens.ts): each calls the walk with its own `visit`, which runs at every place once it is drawn.
 * Selectors are test ids, roles and the labels of packages/locales, so the same walk runs in every language.
 * Only Page API waits (locator.waitFor, waitForFunction), never fixed sleeps and never `expect`, so the
 * script can run outside the test runner.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export const LANGUAGES = ['en', 'cs', 'sk', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A place of the walk: a route (`home`, `dashboard-store`) or a dialog (`dialog-buy-credits`). */
export interface Place {
  name: string;
  dialog: boolean;
}

/** Called at every place once it is drawn; the page stays where it is for the walk to go on. */
export type Visit = (page: Page, place: Place) => Promise<void>;

/** The accounts the walk logs in as, with what it needs to know about them. */
export interface Accounts {
  baseURL: string;
  customer: { email: string; username: string; password: string; state: StorageState; orderUrl: string };
  master: { email: string; password: string; state: StorageState };
}
type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export interface WalkOptions {
  browser: Browser;
  baseURL: string;
  lng: Language;
  visit: Visit;
  /** viewport and the like for every context the walk opens */
  context?: BrowserContextOptions;
  /** called with every page the walk opens, before it loads anything (to listen to its console) */
  onPage?: (page: Page) => void;
}

const LOCALES = join(import.meta.dirname, '../../packages/locales');
const cache = new Map<string, Record<string, unknown>>();

/** A text of packages/locales/<lng>/<ns>.json by its dotted key (`_other` plural when the key is plural). */
export function tr(lng: Language, ns: string, key: string, values: Record<string, string> = {}): string {
  const file = `${lng}/${ns}`;
  let json = cache.get(file);
  if (!json) {
    json = JSON.parse(readFileSync(join(LOCALES, `${file}.json`), 'utf8')) as Record<string, unknown>;
    cache.set(file, json);
  }
  const find = (k: string) =>
    k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown> | undefined)?.[part], json);
  const text = find(key) ?? find(`${key}_other`);
  if (typeof text !== 'string') throw new Error(`no text ${lng}/${ns}:${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's label: its text, then maybe the required asterisk. */
const label = (text: string) => new RegExp(`^${escapeRegExp(text)}( \\*)?$`);

/**
 * Waits until the page is still: fonts loaded, no finite animation or transition running (a dialog fading
 * in would give axe half-transparent colours), no Mantine loader left in the main content.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  );
}

async function at(page: Page, visit: Visit, name: string, ready: Locator, dialog = false): Promise<void> {
  await ready.first().waitFor({ state: 'visible', timeout: 20_000 });
  await settle(page);
  await visit(page, { name, dialog });
}

/** Closes the top dialog with Escape and waits until it is gone. */
async function closeDialog(page: Page, count = 0): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction((n) => document.querySelectorAll('[role="dialog"]').length <= n, count, {
    timeout: 10_000,
  });
  await settle(page);
}

/** Accepts the cookie notice, which a new browser is shown (it covers the bottom of the page). */
async function acceptCookies(page: Page, lng: Language): Promise<void> {
  const notice = page.getByRole('region', { name: tr(lng, 'common', 'cookies.title') });
  await notice.getByRole('button').click();
  await notice.waitFor({ state: 'hidden' });
}

/** The captcha has solved its puzzle (ALTCHA in the demo shows its "verified" text). */
async function captchaSolved(page: Page, lng: Language): Promise<void> {
  // The whole label, case and all: German "Wird verifiziert…" (verifying) contains "Verifiziert".
  await page
    .getByTestId('captcha')
    .getByText(tr(lng, 'auth', 'captcha.verified'), { exact: true })
    .waitFor({ timeout: 30_000 });
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The demo's captured mail to `to` (newest first), polled until `pattern`'s first group finds something
 * not in `not`. Polled from here, not in the page: a page that navigates meanwhile loses its poll.
 */
async function fromMail(page: Page, to: string, pattern: string, not: string[]): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get('/api/dev/mail')).json()) as Mail[];
        found = mails
          .filter((m) => m.to === to)
          .map((m) => m.text.match(new RegExp(pattern))?.[1])
          .find((match) => match && !not.includes(match));
        return found;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBeTruthy();
  return found as string;
}

/**
 * Moves the demo's clock an hour on: a second reset or change link for the same address within 120 s is
 * not mailed (decision 026), and the walk asks for one per language and width.
 */
async function nextDemoHour(page: Page): Promise<void> {
  const res = await page.request.post('/api/dev/clock', { data: { advanceHours: 1 } });
  expect(res.status()).toBe(200);
}

/** The newest link of `kind` mailed to `to` other than those in `not`, as a path. */
async function mailedLink(page: Page, to: string, kind: string, not: string[] = []): Promise<string> {
  const link = await fromMail(page, to, `(https?://\\S+/${kind}/[A-Za-z0-9_-]{43})`, not);
  return new URL(link).pathname;
}

/** The links of `kind` mailed to `to` so far (to tell the next one from them). */
async function mailedLinks(page: Page, to: string, kind: string): Promise<string[]> {
  const mails = (await (await page.request.get('/api/dev/mail')).json()) as Mail[];
  return mails
    .filter((m) => m.to === to)
    .map((m) => m.text.match(new RegExp(`(https?://\\S+/${kind}/[A-Za-z0-9_-]{43})`))?.[1] ?? '')
    .filter(Boolean);
}

/**
 * Keeps the login a walk's context ends with for the next part. The access cookie lasts 15 minutes
 * (ACCESS_TOKEN_SECONDS); after that the page spends the saved refresh token for a new one, and a later
 * part that offered the spent token would end the session (its family is revoked after a 30 s grace), as
 * happened to the last language of a four-language screenshot walk (issue 44).
 */
async function keepLogin(context: BrowserContext, account: { state: StorageState }): Promise<void> {
  account.state = await context.storageState();
}

async function newPage(o: WalkOptions, state?: StorageState): Promise<[BrowserContext, Page]> {
  const context = await o.browser.newContext({ ...o.context, baseURL: o.baseURL, storageState: state });
  const page = await context.newPage();
  o.onPage?.(page);
  return [context, page];
}

/** The public pages, the auth pages (empty, sent, a reset link, bad tokens, the code page) and not-found. */
export async function walkGuest(o: WalkOptions, accounts: Accounts): Promise<void> {
  const { lng, visit } = o;
  const [context, page] = await newPage(o);
  try {
    const h1 = page.getByRole('heading', { level: 1 });
    await page.goto(`/?lng=${lng}`);
    await at(page, visit, 'home', h1);
    await acceptCookies(page, lng);
    await page.goto('/hosting');
    await at(page, visit, 'hosting', page.getByTestId('game-card'));
    const games = (await (await page.request.get('/api/public/store/games')).json()) as { id: number }[];
    await page.goto(`/game/${games[0]?.id ?? 1}`);
    await at(page, visit, 'game', page.getByTestId('package-card'));
    await page.goto('/partners');
    await at(page, visit, 'partners', h1);
    await page.goto('/contact');
    await at(page, visit, 'contact', h1);
    await page.goto('/no-such-page');
    await at(page, visit, 'not-found', h1);
    await page.goto('/login');
    await at(page, visit, 'login', page.locator('input[type="email"]'));
    await page.goto('/register');
    await at(page, visit, 'register', page.locator('input[type="email"]'));
    await page.goto('/reset-password/invalid-token');
    await at(page, visit, 'reset-password-invalid', page.getByTestId('reset-invalid'));
    await page.goto('/update-user/invalid-token');
    await at(page, visit, 'update-user-invalid', page.getByTestId('update-user-invalid'));

    // Forgot password for the customer: the form, the sent notice, then the mailed link's form.
    await page.goto('/password');
    await at(page, visit, 'password', page.locator('input[type="email"]'));
    const before = await mailedLinks(page, accounts.customer.email, 'reset-password');
    await nextDemoHour(page);
    await page.locator('input[type="email"]').fill(accounts.customer.email);
    await captchaSolved(page, lng);
    await page.locator('form button[type="submit"]').click();
    await at(page, visit, 'password-sent', page.getByTestId('reset-sent'));
    const link = await mailedLink(page, accounts.customer.email, 'reset-password', before);
    await page.goto(link);
    await at(
      page,
      visit,
      'reset-password',
      page.getByRole('textbox', { name: tr(lng, 'auth', 'reset.newPassword') }),
    );

    // A new account up to its e-mail code (product.md "Entities and fields"): /email/verify with the code
    // field.
    const stamp = `${Date.now().toString(36)}${lng}`;
    await page.goto('/register');
    await page.getByLabel(label(tr(lng, 'auth', 'fields.username'))).fill(`walk_${stamp}`);
    await page.getByLabel(label(tr(lng, 'auth', 'fields.firstName'))).fill('Eva');
    await page.getByLabel(label(tr(lng, 'auth', 'fields.lastName'))).fill('Tester');
    await page.locator('input[type="email"]').fill(`walk_${stamp}@example.com`);
    await page.getByRole('textbox', { name: label(tr(lng, 'auth', 'fields.password')) }).fill('secret123');
    await page.getByRole('textbox', { name: tr(lng, 'auth', 'fields.confirmPassword') }).fill('secret123');
    await page.getByRole('checkbox').nth(0).check();
    await page.getByRole('checkbox').nth(1).check();
    await captchaSolved(page, lng);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/email\/verify/);
    await at(page, visit, 'email-verify', page.getByLabel(label(tr(lng, 'auth', 'code.label'))));
  } finally {
    await context.close();
  }
}

/**
 * Opens a dashboard address (docs/decisions/431-dashboard-addresses.md) as a link or a reload would: the
 * page the server renders for it, its section drawn, the menu item marked current.
 */
async function address(page: Page, path: string): Promise<void> {
  await page.goto(path);
}

/** Picks in the Select labelled `text` inside `scope` the option matching `prefer`, else the first. */
async function pickFirst(page: Page, scope: Locator, text: string, prefer?: RegExp): Promise<void> {
  await scope.getByLabel(label(text)).click();
  const options = page.getByRole('listbox').getByRole('option').filter({ visible: true });
  await options.first().waitFor();
  const preferred = prefer ? options.filter({ hasText: prefer }) : options;
  await ((await preferred.count()) ? preferred : options).first().click();
}

/**
 * The customer's dashboard: home, order status, servers with the details dialog (its Select open, the
 * package change and delete confirms), the store and a game's address in it with package overview, buy
 * monthly and buy credits, the settings with their confirms, and the update-user page of the mailed link.
 */
export async function walkCustomer(o: WalkOptions, accounts: Accounts): Promise<void> {
  const { lng, visit } = o;
  const [context, page] = await newPage(o, accounts.customer.state);
  try {
    await address(page, `/dashboard?lng=${lng}`);
    await at(page, visit, 'dashboard-home', page.getByTestId('referral-card'));

    await page.goto(accounts.customer.orderUrl);
    await at(page, visit, 'dialog-order-status', page.getByTestId('order-status'), true);
    await closeDialog(page);

    await address(page, '/dashboard/servers');
    await at(page, visit, 'dashboard-servers', page.getByTestId('server-card'));
    // A server's address opens its details.
    const serverId = await page.getByTestId('server-card').first().getAttribute('data-server-id');
    await address(page, `/dashboard/servers/${serverId}`);
    const details = page.getByTestId('server-details');
    await at(page, visit, 'dialog-server-details', details, true);
    await page.getByTestId('addon-select').click();
    await at(page, visit, 'dialog-server-details-select-open', page.getByRole('listbox'), true);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.getByTestId('package-select').click();
    await page.getByRole('listbox').getByRole('option').filter({ visible: true }).first().click();
    await page.getByTestId('package-change').click();
    await at(page, visit, 'dialog-confirm-package-change', page.getByTestId('confirm-accept'), true);
    await page.getByTestId('confirm-cancel').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="confirm-cancel"]'));
    await page.getByTestId('server-delete').click();
    await at(page, visit, 'dialog-confirm-delete-server', page.getByTestId('confirm-accept'), true);
    await page.getByTestId('confirm-cancel').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="confirm-cancel"]'));
    await closeDialog(page);

    await address(page, '/dashboard/shop');
    await at(page, visit, 'dashboard-store', page.getByTestId('store-package').first());
    // A game's address lists its packages.
    const games = (await (await page.request.get('/api/public/store/games')).json()) as { id: number }[];
    await address(page, `/dashboard/shop/${games[0]?.id ?? 1}`);
    const row = page.getByTestId('store-package').first();
    await at(page, visit, 'dashboard-shop-game', row);
    // The package's second button buys it with credits, the first monthly by card.
    await row.getByRole('button').nth(1).click();
    const overview = page.getByTestId('package-overview');
    await at(page, visit, 'dialog-package-overview', overview, true);
    // Paper asks for no game settings, so the order buttons are enabled once the fields are filled.
    await pickFirst(page, overview, tr(lng, 'store', 'overview.eggLabel'), /Paper/);
    await pickFirst(page, overview, tr(lng, 'store', 'overview.locationLabel'));
    await overview.getByLabel(label(tr(lng, 'store', 'overview.serverName'))).fill('Walk');
    await at(page, visit, 'dialog-package-overview-filled', overview, true);
    const monthly = tr(lng, 'store', 'overview.buyMonthlyAria', { price: '\u0000' }).split('\u0000')[0] ?? '';
    await overview.getByRole('button', { name: new RegExp(`^${monthly}`) }).click();
    await at(page, visit, 'dialog-buy-monthly', page.getByTestId('order-package'), true);
    // The overview hides while the order dialog is open: Escape brings it back (choices kept), a second
    // Escape closes it.
    await page.keyboard.press('Escape');
    await page.getByTestId('order-package').waitFor({ state: 'detached', timeout: 10_000 });
    await overview.waitFor({ state: 'visible', timeout: 10_000 });
    await settle(page);
    await closeDialog(page);

    await page.getByRole('button', { name: tr(lng, 'store', 'buyCredits.buy'), exact: true }).click();
    await at(page, visit, 'dialog-buy-credits', page.getByTestId('order-credits'), true);
    await closeDialog(page);

    // Each part of the settings has its address; billing is the one payments come back to.
    for (const part of ['account', 'security', 'data']) {
      await address(page, `/dashboard/settings/${part}`);
      await page.locator(`#settings-part-${part}`).waitFor();
    }
    await address(page, '/dashboard/settings/billing');
    // Opened by its address, the section loads its cards' data now: axe reads them loaded, as a menu
    // click after the other sections used to show them.
    await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root'));
    await at(page, visit, 'dashboard-settings', page.getByTestId('settings-billing'));
    await page.getByTestId('deactivate-account').click();
    await at(page, visit, 'dialog-confirm-deactivate', page.getByTestId('deactivate-confirm'), true);
    await closeDialog(page);
    const before = await mailedLinks(page, accounts.customer.email, 'update-user');
    await nextDemoHour(page);
    // A new name each time (the walk runs once per language and width).
    await page.getByTestId('update-username').fill(`walk_${Date.now().toString(36)}`);
    await page.getByTestId('update-user-submit').click();
    await at(page, visit, 'dialog-confirm-update-user', page.getByTestId('update-user-confirm'), true);
    await page.getByTestId('update-user-confirm').click();
    const link = await mailedLink(page, accounts.customer.email, 'update-user', before);
    await page.goto(link);
    await at(page, visit, 'update-user', page.getByTestId('update-user-success'));
  } finally {
    await keepLogin(context, accounts.customer);
    await context.close();
  }
}

/**
 * The master's sections: the overview (with the revenue chart shown as its table), all servers, the store
 * administration's four tabs with their add and edit dialogs and delete confirms, and its locations tab
 * with the names dialog; the users with the role dialog and the deactivate confirm, the audit log.
 */
export async function walkStaff(o: WalkOptions, accounts: Accounts): Promise<void> {
  const { lng, visit } = o;
  const [context, page] = await newPage(o, accounts.master.state);
  try {
    await address(page, `/dashboard/staff/overview?lng=${lng}`);
    await at(page, visit, 'staff-overview', page.getByTestId('overview-revenue'));
    await page.getByTestId('overview-revenue-toggle').click();
    await at(page, visit, 'staff-overview-table', page.getByTestId('overview-revenue-table'));

    await address(page, '/dashboard/staff/servers');
    await at(page, visit, 'staff-servers', page.getByTestId('admin-server-row'));

    // Each tab of the store administration has its address.
    for (const tab of ['games', 'packages', 'addons', 'discounts']) {
      await address(page, `/dashboard/staff/store/${tab}`);
      const panel = page.getByRole('tabpanel');
      await at(page, visit, `staff-store-${tab}`, panel.getByTestId('row-delete'));
      await page.getByTestId(`${tab}-add`).click();
      await at(page, visit, `dialog-add-${tab}`, page.getByRole('dialog'), true);
      await closeDialog(page);
      // Discounts have no edit.
      if (await panel.getByTestId('row-edit').count()) {
        await panel.getByTestId('row-edit').first().click();
        await at(page, visit, `dialog-edit-${tab}`, page.getByRole('dialog'), true);
        await closeDialog(page);
      }
      // Delete is disabled on owned rows (all seeded games and packages are); the confirm opens elsewhere.
      const deletable = panel.locator('[data-testid="row-delete"]:not([disabled])');
      if (await deletable.count()) {
        await deletable.first().click();
        await at(page, visit, `dialog-confirm-delete-${tab}`, page.getByTestId('confirm-accept'), true);
        await page.getByTestId('confirm-cancel').click();
        await page.waitForFunction(() => !document.querySelector('[data-testid="confirm-cancel"]'));
      }
    }
    // Locations are the panel's: no add or delete, only their names in other languages.
    await address(page, '/dashboard/staff/store/locations');
    const locations = page.getByRole('tabpanel');
    await at(page, visit, 'staff-store-locations', locations.getByTestId('location-row'));
    await locations.getByTestId('row-edit').first().click();
    await at(page, visit, 'dialog-edit-locations', page.getByRole('dialog'), true);
    await closeDialog(page);

    await address(page, '/dashboard/staff/users');
    const customer = page.getByTestId('user-row').filter({ hasText: accounts.customer.email });
    await at(page, visit, 'staff-users', page.getByTestId('user-row'));
    await page.getByTestId('users-search').fill(accounts.customer.email);
    await customer.getByTestId('user-role-button').click();
    await at(page, visit, 'dialog-user-role', page.getByRole('dialog'), true);
    await closeDialog(page);
    await customer.getByTestId('user-active-button').click();
    await at(page, visit, 'dialog-confirm-deactivate-user', page.getByTestId('confirm-accept'), true);
    await page.getByTestId('confirm-cancel').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="confirm-cancel"]'));
    await address(page, '/dashboard/staff/users/audit');
    // The walk changes nothing, so on a fresh demo the log may hold no entry yet: its empty notice.
    await at(page, visit, 'staff-audit', page.getByTestId('audit-row').or(page.getByTestId('audit-empty')));
  } finally {
    await keepLogin(context, accounts.master);
    await context.close();
  }
}

/** Every place of the walk in one language. */
export async function walkAll(o: WalkOptions, accounts: Accounts): Promise<void> {
  await walkGuest(o, accounts);
  await walkCustomer(o, accounts);
  await walkStaff(o, accounts);
}

/**
 * Makes the walk's accounts in English, as a person would: a customer registered with the mailed code,
 * 100 credits paid by card at the Mollie test checkout, a Minecraft server bought with credits; the master
 * after a password reset through the mailed link (its first password is only printed at start-up).
 */
export async function prepareAccounts(
  browser: Browser,
  baseURL: string,
  masterPassword?: string,
): Promise<Accounts> {
  const stamp = Date.now().toString(36);
  const password = 'secret123';
  const customer = { username: `walk_${stamp}`, email: `walk_${stamp}@example.com`, password };
  const o = { browser, baseURL, lng: 'en' as const, visit: async () => undefined };

  const [cContext, page] = await newPage(o);
  await page.goto('/register?lng=en');
  await acceptCookies(page, 'en');
  await page.getByLabel('Username').fill(customer.username);
  await page.getByLabel('First name').fill('Eva');
  await page.getByLabel('Last name').fill('Walker');
  await page.locator('input[type="email"]').fill(customer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
  await page.getByRole('checkbox').nth(0).check();
  await page.getByRole('checkbox').nth(1).check();
  await captchaSolved(page, 'en');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/email\/verify/);
  const code = await mailedCode(page, customer.email);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await page.waitForURL(/\/dashboard/);

  // 100 credits by card.
  await address(page, '/dashboard/shop');
  await page.getByRole('button', { name: '100', exact: true }).click();
  await page.getByRole('button', { name: 'Buy credits', exact: true }).click();
  const order = page.getByTestId('order-credits');
  await order.getByLabel('Address line 1').fill('Hlavní 1');
  await order.getByLabel('City').fill('Brno');
  await order.getByLabel('Postal code').fill('60200');
  await order.getByLabel('Country').fill('Czech');
  await page.getByRole('option', { name: /Czech/ }).first().click();
  await order.getByText('Credit card').click();
  await order.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/_emulators\/mollie\/checkout\/tr_/);
  await page.getByLabel('Paid').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/dashboard\/shop\?order=/);
  const orderUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.getByTestId('credit-balance').filter({ hasText: '100.00' }).waitFor({ timeout: 30_000 });
  await page.waitForURL((url) => !url.search.includes('order='), { timeout: 30_000 });

  // A Minecraft server bought with credits.
  const row = page.getByTestId('store-package').filter({ hasText: 'Minecraft Starter' });
  await row.getByRole('button', { name: /credits per month/ }).click();
  const overview = page.getByTestId('package-overview');
  await pickFirst(page, overview, 'Server type', /Paper/);
  await pickFirst(page, overview, 'Location');
  await overview.getByLabel(label('Server name')).fill('Walk world');
  await overview.getByRole('button', { name: /Buy for/ }).click();
  await page.getByTestId('order-status').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('order-status').waitFor({ state: 'hidden' });
  const customerState = await cContext.storageState();
  await cContext.close();

  // The master, with the password given or after a reset through the mailed link (which ends the
  // master's other logins).
  const master = { email: 'master@falkenhost.example', password: masterPassword ?? `walk-${stamp}` };
  const [mContext, staff] = await newPage(o);
  if (!masterPassword) {
    await staff.goto('/password?lng=en');
    await acceptCookies(staff, 'en');
    // A field filled before the page has hydrated is emptied by it; the solved captcha comes later.
    await captchaSolved(staff, 'en');
    await staff.locator('input[type="email"]').fill(master.email);
    await staff.getByRole('button', { name: 'Send the link' }).click();
    await staff.getByTestId('reset-sent').waitFor();
    await staff.goto(await mailedLink(staff, master.email, 'reset-password'));
    await staff.getByRole('textbox', { name: 'New password' }).fill(master.password);
    await staff.getByRole('textbox', { name: 'Confirm password' }).fill(master.password);
    await captchaSolved(staff, 'en');
    await staff.getByRole('button', { name: 'Save the new password' }).click();
    await staff.waitForURL(/\/login/);
  } else {
    await staff.goto('/login?lng=en');
    await acceptCookies(staff, 'en');
  }
  await staff.locator('input[type="email"]').fill(master.email);
  await staff.getByRole('textbox', { name: 'Password', exact: true }).fill(master.password);
  await captchaSolved(staff, 'en');
  await staff.getByRole('button', { name: 'Log in', exact: true }).click();
  await staff.waitForURL(/\/dashboard/);
  const masterState = await mContext.storageState();
  await mContext.close();

  return {
    baseURL,
    customer: { ...customer, state: customerState, orderUrl },
    master: { ...master, state: masterState },
  };
}

/** The newest 6-character code mailed to `email`. */
function mailedCode(page: Page, email: string): Promise<string> {
  return fromMail(page, email, '\\b([A-Z2-9]{6})\\b', []);
}

/** Whether a saved login still works on this server (a cached state from an earlier start does not). */
export async function stillLoggedIn(
  browser: Browser,
  baseURL: string,
  state: StorageState,
): Promise<boolean> {
  const context = await browser.newContext({ baseURL, storageState: state });
  try {
    const answer = await context.request.get('/api/auth/me');
    return answer.ok();
  } finally {
    await context.close();
  }
}
