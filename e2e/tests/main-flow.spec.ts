import { expect, type Page, test } from '@playwright/test';
import { clockHour, expectBalanceAfterHourlyOrder, fillRegisterForm, payCreditsByCard } from './support';

// The whole flow, as a new customer clicks it: hosting list, a game, Order, register, the mailed
// code, the dashboard, 100 credits bought by card at the Mollie checkout (Paid), balance 100.00, a
// Minecraft package bought with credits, its server card with moving gauges.

const stamp = Date.now().toString(36);
const username = `e2e_${stamp}`;
const email = `${username}@example.com`;

async function readCode(page: Page): Promise<string> {
  const mailbox = await page.context().newPage();
  await mailbox.goto('/dev/mailbox');
  const mail = mailbox.getByTestId('mail').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  const code = ((await mail.textContent()) ?? '').match(/\b([A-Z2-9]{6})\b/)?.[1];
  await mailbox.close();
  if (!code) throw new Error('no code in the mailbox');
  return code;
}

async function gaugeValues(page: Page): Promise<string> {
  const card = page.getByTestId('server-card').first();
  const values = await Promise.all(
    ['cpu', 'memory', 'disk'].map((k) => card.getByTestId(`gauge-${k}`).getAttribute('data-value')),
  );
  return values.join('/');
}

test('a visitor becomes a customer, buys credits and runs an hourly game server', async ({ page }) => {
  await page.goto('/hosting');
  await page.getByRole('button', { name: 'Got it!' }).click();
  await page.getByTestId('game-card').filter({ hasText: 'Minecraft' }).first().click();
  await expect(page).toHaveURL(/\/game\/\d+/);
  await expect(page.getByTestId('server-type-carousel')).toBeVisible();
  const starter = page.getByTestId('package-card').filter({ hasText: 'Minecraft Starter' });
  await expect(starter).toContainText('100');
  await starter.getByRole('button', { name: /Order/ }).click();

  // Not logged in: the guard sends to /login; register from there.
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/register');
  await fillRegisterForm(page, { username, email, password: 'secret123' });
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/email\/verify/);
  await page.getByLabel('Code').fill(await readCode(page));
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('credit-balance')).toContainText('0.00');

  // The package chosen on the game page opens its overview in the store; first buy credits.
  const overview = page.getByTestId('package-overview');
  await expect(overview).toBeVisible();
  await expect(overview).toContainText('Minecraft Starter');
  await overview.getByRole('button', { name: 'Cancel' }).click();
  await expect(overview).toBeHidden();
  await payCreditsByCard(page, '100', '4.32');
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('order-status')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toContainText('100.00', { timeout: 20_000 });
  await expect(page).not.toHaveURL(/order=/, { timeout: 15_000 });

  // Buy the Minecraft Starter package with credits.
  const row = page.getByTestId('store-package').filter({ hasText: 'Minecraft Starter' });
  await row.getByRole('button', { name: /credits per month/ }).click();
  await expect(overview).toBeVisible();
  await overview.getByLabel('Server type').click();
  await page.getByRole('option', { name: 'Paper' }).click();
  await overview.getByLabel('Location').click();
  await page.getByRole('option', { name: /de-fsn/ }).click();
  await overview.getByLabel('Server name').fill('E2E world');
  const orderedHour = clockHour();
  await overview.getByRole('button', { name: /Buy for/ }).click();

  // Straight to the servers while the panel still installs the new one: the card says so, then its
  // gauges come alive once the install finishes, without a reload.
  await expect(page).toHaveURL(/\/dashboard\/shop\/\d+\?order=/);
  // The address changes before React draws the order (a router transition): a person closes the popup
  // they see, so the test waits for it too, else the order's arrival could take back the section chosen.
  await expect(page.getByTestId('order-status')).toBeVisible();
  await page.keyboard.press('Escape');
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: 'My servers' })
    .click();
  const card = page.getByTestId('server-card').filter({ hasText: 'E2E world' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('server-state')).toContainText(/installing|running/i);
  await expect(card.getByTestId('server-state')).toContainText(/running/i, { timeout: 30_000 });
  const first = await gaugeValues(page);
  await expect.poll(() => gaugeValues(page), { timeout: 20_000 }).not.toBe(first);
  await expectBalanceAfterHourlyOrder(page, orderedHour, '99.86', '99.73');
  await page.screenshot({ path: '.artifacts/main-flow-servers.png', fullPage: true });
});
