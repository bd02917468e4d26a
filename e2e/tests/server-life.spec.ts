import { expect, type Page, test } from '@playwright/test';
import {
  advanceClock,
  clockHour,
  expectBalanceAfterHourlyOrder,
  mailSubjects,
  payCreditsByCard,
  registerVerified,
} from './support';

// Issue 7's walk, as a new customer clicks it in the demo: order an hourly server, add and remove a
// storage add-on, upgrade the package, schedule Mon-Fri 18:00-22:59, move the demo clock a week and see
// only the scheduled hours charged and the server off outside them; let the balance run out (warning,
// suspension, deletion warnings), unsuspend after buying credits, and delete the server.

// A customer in Prague: the browser's zone becomes the zone of the schedules.
test.use({ timezoneId: 'Europe/Prague' });

const stamp = Date.now().toString(36);
const username = `life_${stamp}`;
const email = `${username}@example.com`;
const serverName = 'E2E life';

async function balance(page: Page): Promise<number> {
  const text = (await page.getByTestId('credit-balance').textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

async function buyCredits(page: Page, amount: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: 'Store' })
    .click();
  await payCreditsByCard(page, amount);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page).not.toHaveURL(/order=/, { timeout: 20_000 });
}

async function openServers(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: 'My servers' })
    .click();
  await expect(page.getByTestId('server-card').filter({ hasText: serverName })).toBeVisible();
}

async function pick(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

/** Whether the demo clock is inside Mon-Fri 18:00-22:59 in Prague. */
async function inScheduledHours(page: Page): Promise<boolean> {
  const { now } = (await (await page.request.get('/api/dev/clock')).json()) as { now: string };
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Prague',
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(now));
  const day = parts.find((p) => p.type === 'weekday')?.value ?? '';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].includes(day) && hour >= 18 && hour <= 22;
}

test('an hourly server from order to deletion, on the demo clock', async ({ page }) => {
  test.setTimeout(300_000);
  await registerVerified(page, { username, email });

  await buyCredits(page, '50');
  await expect(page.getByTestId('credit-balance')).toContainText('50.00', { timeout: 20_000 });

  // Order Minecraft Starter with credits (100 credits a month: 0.137 an hour).
  const row = page.getByTestId('store-package').filter({ hasText: 'Minecraft Starter' });
  await row.getByRole('button', { name: /credits per month/ }).click();
  const overview = page.getByTestId('package-overview');
  await overview.getByLabel('Server type').click();
  await page.getByRole('option', { name: 'Paper' }).click();
  await overview.getByLabel('Location').click();
  await page.getByRole('option', { name: /de-fsn/ }).click();
  await overview.getByLabel('Server name').fill(serverName);
  const orderedHour = clockHour();
  await overview.getByRole('button', { name: /Buy for/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/shop\/\d+\?order=/);
  // Close the popup once it is drawn (the address changes first, in a router transition).
  await expect(page.getByTestId('order-status')).toBeVisible();
  await page.keyboard.press('Escape');
  await openServers(page);
  const card = page.getByTestId('server-card').filter({ hasText: serverName });
  await expect(card.getByTestId('server-state')).toContainText(/running/i, { timeout: 30_000 });
  await expectBalanceAfterHourlyOrder(page, orderedHour, '49.86', '49.73');

  // Details: add the storage add-on, remove it, then upgrade to Minecraft Standard.
  await card.getByTestId('server-details-button').click();
  const details = page.getByTestId('server-details');
  await expect(details).toBeVisible();
  await expect(details.getByTestId('resource-storage')).toContainText('10');
  await pick(page, 'addon-select', /Extra storage 10 GB/);
  await details.getByTestId('addon-buy').click();
  await expect(details.getByTestId('resource-storage')).toContainText('20');
  await expect(details.getByTestId('server-addon')).toHaveCount(1);
  await details.getByTestId('addon-remove-storage').click();
  await page.getByTestId('confirm-accept').click();
  await expect(details.getByTestId('server-addon')).toHaveCount(0);
  await expect(details.getByTestId('resource-storage')).toContainText('10');
  await pick(page, 'package-select', /Minecraft Standard/);
  await expect(details.getByTestId('package-cost')).toContainText('100');
  await details.getByTestId('package-change').click();
  await page.getByTestId('confirm-accept').click();
  await expect(details.getByTestId('package-current')).toContainText('Minecraft Standard');
  await expect(details.getByTestId('resource-ram')).toHaveText('4\u00a0GB');

  // Schedule Monday to Friday, 18:00 to 22:59 (shown as 18:00 - 23:00).
  const schedule = details.getByTestId('schedule-panel');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await pick(page, 'schedule-day', day);
    await pick(page, 'schedule-start', '18:00');
    await pick(page, 'schedule-end', '22:00');
    await schedule.getByTestId('schedule-add').click();
    await expect(schedule.getByTestId('schedule-range').filter({ hasText: '18:00 – 23:00' })).toHaveCount(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].indexOf(day) + 1,
    );
  }
  await expect(schedule.getByTestId('schedule-time-zone')).toHaveAttribute('data-time-zone', 'Europe/Prague');
  await page.screenshot({ path: '.artifacts/server-life-details.png', fullPage: true });
  await page.keyboard.press('Escape');

  // A week on the demo clock: 25 scheduled hours at 0.274 (200 a month) = 6.85 credits.
  const beforeWeek = await balance(page);
  await advanceClock(page, 168);
  await page.reload();
  await openServers(page);
  const charged = Math.round((beforeWeek - (await balance(page))) * 1000) / 1000;
  // One more hour is charged only if the real clock crossed an hour into a scheduled one meanwhile.
  expect([6.85, 7.12, 7.13]).toContain(Math.round(charged * 100) / 100);
  await expect(card.getByTestId('server-state')).toContainText(
    (await inScheduledHours(page)) ? /running|starting/i : /offline|stopping/i,
    { timeout: 15_000 },
  );
  await page.screenshot({ path: '.artifacts/server-life-week.png', fullPage: true });

  // Back to running always (every range clicked away), then the balance runs out.
  await card.getByTestId('server-details-button').click();
  for (let i = 5; i > 0; i--) {
    await details.getByTestId('schedule-range').first().click();
    await expect(details.getByTestId('schedule-range')).toHaveCount(i - 1);
  }
  await page.keyboard.press('Escape');
  await advanceClock(page, 168);
  await page.reload();
  await openServers(page);
  await expect(card.getByTestId('unsuspend-button')).toBeVisible();
  await expect(card.getByTestId('server-state')).toHaveAttribute('data-state', 'suspended');
  expect(await mailSubjects(page, email)).toEqual(
    expect.arrayContaining([
      'Your Falkenhost credits run out soon',
      `Your server ${serverName} is suspended`,
    ]),
  );

  // Deletion warnings three days and one day before the deletion.
  await advanceClock(page, 4 * 24);
  await advanceClock(page, 2 * 24);
  const warnings = (await mailSubjects(page, email)).filter((s) =>
    s.startsWith(`Your server ${serverName} will be deleted`),
  );
  expect(warnings).toHaveLength(2);
  await page.reload();
  await openServers(page);
  await expect(card.getByTestId('server-delete-at')).toBeVisible();
  await page.screenshot({ path: '.artifacts/server-life-suspended.png', fullPage: true });

  // Credits bought, then unsuspended: the server runs again.
  await buyCredits(page, '50');
  await openServers(page);
  await card.getByTestId('unsuspend-button').click();
  await expect(page).toHaveURL(/\/dashboard\/servers\/\d+\?order=/);
  await expect(page).not.toHaveURL(/order=/, { timeout: 20_000 });
  await openServers(page);
  await expect(card.getByTestId('server-state')).toContainText(/running|starting/i, { timeout: 30_000 });

  // Finally deleted at the customer's request.
  await card.getByTestId('server-details-button').click();
  await details.getByTestId('server-delete').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('server-card').filter({ hasText: serverName })).toHaveCount(0);
  await page.screenshot({ path: '.artifacts/server-life-deleted.png', fullPage: true });
});
