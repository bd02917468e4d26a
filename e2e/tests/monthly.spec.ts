import { expect, type Page, test } from '@playwright/test';
import { advanceClock, mailSubjects, registerVerified, section } from './support';

// Issue 8's walk, as a new customer clicks it in the demo: buy Minecraft Starter monthly by card (Paid at
// the Mollie checkout), see the server with its monthly EUR price including the card fee, move the demo
// clock a month and see the renewal, find an invoice per payment in Settings, Billing (and open a PDF),
// make the next renewal fail and see the server run in its grace until the month is paid with another
// card (issue 43), then cancel and see the server run to the end of its period and go. A renewal whose
// retries all fail, the suspension and the unsuspend are the API's tests (renewal-retries, monthly): the
// walk leaves them out to keep CI within its 30 minutes.

test.use({ timezoneId: 'Europe/Prague' });

const stamp = Date.now().toString(36);
const username = `month_${stamp}`;
const email = `${username}@example.com`;
const serverName = 'E2E monthly';

/**
 * A month of the demo clock moves the sessions' tokens past their life: log in again (the dashboard home's
 * own "Welcome back, <name>" is not the login's heading).
 */
async function logInAgain(page: Page): Promise<void> {
  await page.goto('/login');
  const heading = page.getByRole('heading', { name: 'Welcome back', exact: true });
  await expect(heading.or(page.getByRole('navigation', { name: 'Dashboard sections' }))).toBeVisible();
  if (!(await heading.isVisible())) return;
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret123');
  await expect(page.getByTestId('captcha')).toContainText(/Verified/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
}

async function payAtCheckout(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/_emulators\/mollie\/checkout\/tr_/);
  await page.getByLabel('Paid').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  // The order's popup opens once the page is hydrated: a person closes it when they see it.
  await expect(page.getByTestId('order-status')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('order-status')).toBeHidden();
}

/** Makes the customer's next recurring payments end `status` (the Mollie emulator's test page). */
async function setNextRecurringPayments(page: Page, status: 'failed' | 'paid'): Promise<void> {
  const outcome = await page.context().newPage();
  await outcome.goto('/_emulators/mollie/test/recurring-outcome');
  await outcome.getByLabel('E-mail or customer ID').fill(email);
  await outcome.getByLabel('Next recurring payments').selectOption(status);
  await outcome.getByRole('button', { name: 'Apply' }).click();
  await expect(outcome.getByRole('status')).toContainText(status);
  await outcome.close();
}

async function invoiceCount(page: Page): Promise<number> {
  await section(page, 'Settings');
  const billing = page.getByTestId('settings-billing');
  await expect(billing).toBeVisible();
  await expect(billing.getByTestId('invoices-table').or(billing.getByTestId('invoices-empty'))).toBeVisible();
  return billing.getByTestId('invoice-row').count();
}

test('a monthly server by card: order, renewal, invoices, failed renewal paid in its grace, cancel', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await registerVerified(page, { username, email });

  // Buy Minecraft Starter monthly: 100 credits = 4.00 EUR, 5 % off = 3.80, card fee = 4.12 EUR.
  await section(page, 'Store');
  const row = page.getByTestId('store-package').filter({ hasText: 'Minecraft Starter' });
  await row.getByRole('button', { name: /per month by card/ }).click();
  const overview = page.getByTestId('package-overview');
  await overview.getByLabel('Server type').click();
  await page.getByRole('option', { name: 'Paper' }).click();
  await overview.getByLabel('Location').click();
  await page.getByRole('option', { name: /de-fsn/ }).click();
  await overview.getByLabel('Server name').fill(serverName);
  await overview.getByRole('button', { name: /Buy monthly/ }).click();
  const order = page.getByTestId('order-package');
  await expect(order).toBeVisible();
  await order.getByLabel('Address line 1').fill('Hlavní 1');
  await order.getByLabel('City').fill('Brno');
  await order.getByLabel('Postal code').fill('60200');
  await order.getByLabel('Country').fill('Czech');
  await page.getByRole('option', { name: /Czech/ }).first().click();
  await expect(order.getByTestId('order-package-first-month')).toContainText('4.12');
  await expect(order.getByTestId('order-package-later-months')).toContainText('4.12');
  await page.screenshot({ path: '.artifacts/monthly-order.png', fullPage: true });
  await order.getByTestId('order-package-pay').click();
  await payAtCheckout(page);

  await section(page, 'My servers');
  const card = page.getByTestId('server-card').filter({ hasText: serverName });
  await expect(card.getByTestId('server-state')).toContainText(/running/i, { timeout: 30_000 });
  await expect(card.getByTestId('server-price')).toContainText('4.12');
  await expect(card.getByTestId('server-paid-until')).toBeVisible();
  await page.screenshot({ path: '.artifacts/monthly-card.png', fullPage: true });
  expect(await invoiceCount(page)).toBe(1);

  // A month later: the renewal is charged and invoiced, the server still runs.
  await advanceClock(page, 24 * 31);
  await logInAgain(page);
  await expect.poll(() => invoiceCount(page), { timeout: 20_000 }).toBe(2);
  await page.screenshot({ path: '.artifacts/monthly-billing.png', fullPage: true });
  const pdfHref = await page.getByTestId('invoice-row').first().getByRole('link').getAttribute('href');
  const pdf = await page.request.get(pdfHref ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await section(page, 'My servers');
  await expect(card.getByTestId('server-state')).toContainText(/running/i);

  // The next renewal fails (the Mollie emulator's test page): the server keeps running in its grace while
  // the card is tried again, and the customer pays the month with another card, keeping the period.
  await setNextRecurringPayments(page, 'failed');
  const paidUntil = await card.getByTestId('server-paid-until').textContent();
  await advanceClock(page, 24 * 28);
  await logInAgain(page);
  await section(page, 'My servers');
  await expect(card).toBeVisible();
  // Day by day up to the renewal: the grace lasts 3 days, so no step may pass it.
  for (let day = 0; day < 5 && !(await card.getByTestId('server-grace').isVisible()); day++) {
    await advanceClock(page, 24);
    await page.reload();
    await section(page, 'My servers');
    await expect(card).toBeVisible();
  }
  await expect(card.getByTestId('server-grace')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('server-state')).toContainText(/running/i);
  expect(await mailSubjects(page, email)).toContainEqual(expect.stringMatching(/failed: we will try again/));
  await page.screenshot({ path: '.artifacts/monthly-grace.png', fullPage: true });
  await card.getByTestId('pay-renewal-button').click();
  await payAtCheckout(page);
  await section(page, 'My servers');
  await expect(card.getByTestId('server-grace')).toBeHidden({ timeout: 20_000 });
  await expect(card.getByTestId('server-paid-until')).not.toHaveText(paidUntil ?? '');
  await expect(card.getByTestId('server-state')).toContainText(/running/i);

  // Cancel: the subscription ends, the server runs to the end of its period, then goes.
  await card.getByTestId('server-details-button').click();
  const details = page.getByTestId('server-details');
  await details.getByTestId('server-cancel').click();
  await page.getByTestId('confirm-accept').click();
  await page.keyboard.press('Escape');
  await expect(card.getByTestId('server-cancelled')).toBeVisible({ timeout: 10_000 });
  await expect(card.getByTestId('server-cancelled-until')).toBeVisible();
  await page.screenshot({ path: '.artifacts/monthly-cancelled.png', fullPage: true });
  await advanceClock(page, 24 * 31 + 24 * 8);
  await logInAgain(page);
  await section(page, 'My servers');
  await expect(page.getByTestId('server-card').filter({ hasText: serverName })).toHaveCount(0, {
    timeout: 20_000,
  });
  expect(await mailSubjects(page, email)).toContainEqual(expect.stringMatching(/was deleted/));
});
