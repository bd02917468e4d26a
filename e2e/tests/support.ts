/** Steps several end-to-end tests share. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2 A and AA violations on the current page, as `id: help targets` lines (empty when clean). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

export interface RegisterFields {
  username: string;
  email: string;
  password: string;
  confirm?: string;
}

/** Fills the English /register form, ticks both consents and waits for the captcha to be solved. */
export async function fillRegisterForm(page: Page, fields: RegisterFields): Promise<void> {
  await page.getByLabel('Username').fill(fields.username);
  await page.getByLabel('First name').fill('Eva');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('E-mail').fill(fields.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(fields.password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(fields.confirm ?? fields.password);
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByLabel('I agree to the Privacy Policy').check();
  await expect(page.getByTestId('captcha')).toContainText(/Verified/, { timeout: 30_000 });
}

/**
 * A new customer as a person makes one: the cookie notice accepted, /register filled, the mailed code
 * read in the demo mailbox and entered; ends on the dashboard.
 */
export async function registerVerified(
  page: Page,
  fields: { username: string; email: string },
): Promise<void> {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Got it!' }).click();
  await fillRegisterForm(page, { ...fields, password: 'secret123' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email\/verify/);
  await page.getByLabel('Code').fill(await readCode(page, fields.email));
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/**
 * Waits until React has taken the page over (main.tsx marks <html data-hydrated>). Clicks made earlier are
 * kept and replayed by the start script (early-input.ts, its own tests); a walk that clicks through a
 * section and a lazy dialog waits instead, so a slow CI machine cannot race that replay (CI, 2026-11-29).
 */
export async function untilHydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
}

/** Opens a dashboard section from its menu (a link), once the page is hydrated. */
export async function section(page: Page, name: string): Promise<void> {
  await untilHydrated(page);
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name }).click();
}

/**
 * In the open store: a quick amount of credits, the order dialog filled with a Czech address (and the
 * discount code when given, checked as valid), card payment (checking the shown total when given), and Paid at the Mollie test checkout; returns as the
 * checkout sends the browser back to the dashboard.
 */
export async function payCreditsByCard(
  page: Page,
  amount: string,
  expectedTotal?: string,
  discountCode?: string,
): Promise<void> {
  await untilHydrated(page);
  await page.getByRole('button', { name: amount, exact: true }).click();
  await page.getByRole('button', { name: 'Buy credits' }).click();
  const order = page.getByTestId('order-credits');
  if (discountCode) {
    await order.getByLabel('Discount code').fill(discountCode);
    await expect(order.getByTestId('discount-valid')).toBeVisible();
  }
  await order.getByLabel('Address line 1').fill('Hlavní 1');
  await order.getByLabel('City').fill('Brno');
  await order.getByLabel('Postal code').fill('60200');
  await order.getByLabel('Country').fill('Czech');
  await page.getByRole('option', { name: /Czech/ }).first().click();
  await order.getByText('Credit card').click();
  if (expectedTotal) await expect(page.getByTestId('order-total')).toContainText(expectedTotal);
  await order.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/_emulators\/mollie\/checkout\/tr_/);
  await page.getByLabel('Paid').check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The demo mailbox in a new tab, with its clock control shown. */
export async function openMailbox(page: Page): Promise<Page> {
  const mailbox = await page.context().newPage();
  await mailbox.goto('/dev/mailbox');
  await expect(mailbox.getByTestId('demo-clock')).toBeVisible();
  return mailbox;
}

/** The latest 6-character code mailed to `email`, read in the demo mailbox. */
export async function readCode(page: Page, email: string): Promise<string> {
  const mailbox = await openMailbox(page);
  const mail = mailbox.getByTestId('mail').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  const code = ((await mail.textContent()) ?? '').match(/\b([A-Z2-9]{6})\b/)?.[1];
  await mailbox.close();
  if (!code) throw new Error('no code in the mailbox');
  return code;
}

/**
 * Moves the demo clock forward on the mailbox page, as a person would, and waits for the jobs; prints
 * how long the advance took.
 */
export async function advanceClock(page: Page, hours: number): Promise<void> {
  const mailbox = await openMailbox(page);
  const clock = mailbox.getByTestId('clock-now');
  const before = await clock.getAttribute('data-now');
  await mailbox.getByTestId('clock-advance-hours').fill(String(hours));
  const started = Date.now();
  await mailbox.getByTestId('clock-advance').click();
  await expect(clock).not.toHaveAttribute('data-now', before ?? '', { timeout: 120_000 });
  await expect(mailbox.getByTestId('clock-advance')).toBeEnabled({ timeout: 120_000 });
  console.log(`demo clock: ${hours} hours in ${Date.now() - started} ms`);
  await mailbox.close();
}

/** The subjects of the mail sent to `email` so far, newest first. */
export async function mailSubjects(page: Page, email: string): Promise<string[]> {
  const mails = (await (await page.request.get('/api/dev/mail')).json()) as { to: string; subject: string }[];
  return mails.filter((m) => m.to === email).map((m) => m.subject);
}

/** The newest link of `kind` mailed to `to`, read from the demo's captured mail. */
export async function mailedLink(
  page: Page,
  to: string,
  kind: 'reset-password' | 'update-user',
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/api/dev/mail')).json()) as {
        to: string;
        text: string;
      }[];
      link = mails
        .filter((m) => m.to === to)
        .map((m) => m.text.match(new RegExp(`(https?://\\S+/${kind}/[A-Za-z0-9_-]{43})`))?.[1])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return new URL(link ?? '').pathname;
}

/**
 * Accepts the cookie notice when the page shows it: the server renders it for a browser without the
 * `fh_cookies` cookie (a new browser, or one whose cookies were cleared).
 */
export async function acceptCookieNotice(page: Page): Promise<void> {
  const gotIt = page.getByRole('button', { name: 'Got it!' });
  if (await gotIt.isVisible()) await gotIt.click();
}

/** Fills /login with an e-mail and password, waits for the captcha and submits. */
export async function logIn(page: Page, address: string, password: string): Promise<void> {
  await page.goto('/login');
  await acceptCookieNotice(page);
  await page.getByLabel('E-mail').fill(address);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await expect(page.getByTestId('captcha')).toContainText(/Verified/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

const HOUR_MS = 3_600_000;

/** The clock hour now (hours since 1970), to pass to {@link expectBalanceAfterHourlyOrder}. */
export function clockHour(): number {
  return Math.floor(Date.now() / HOUR_MS);
}

/**
 * Expects the credit balance after an hourly order placed during `orderedHour`: `afterFirstHour`, as the
 * order pays its first hour; when a clock hour has begun since, `afterSecondHour` too, because the billing
 * job charges each begun clock hour (architecture, Billing). A CI run once crossed 18:00 mid-test.
 */
export async function expectBalanceAfterHourlyOrder(
  page: Page,
  orderedHour: number,
  afterFirstHour: string,
  afterSecondHour: string,
): Promise<void> {
  const allowed = clockHour() > orderedHour ? [afterFirstHour, afterSecondHour] : [afterFirstHour];
  const pattern = new RegExp(allowed.map((v) => v.replace('.', '\\.')).join('|'));
  await expect(page.getByTestId('credit-balance')).toContainText(pattern);
}
