import { expect, type Locator, type Page, test } from '@playwright/test';
import { accessibilityViolations } from './support';

// Issue 44: a keyboard path that never hides. A new customer registers, buys credits by card and orders a
// server with the keyboard only (Tab, Shift+Tab, Enter, Space, arrows, typing; no click), the cookie
// notice never dismissed: in each dialog Tab reaches its "Got it!" (decisions/439), and every control the
// walk stops at is on top where it is drawn, nothing covering it.

const stamp = Date.now().toString(36);
const username = `kb_${stamp}`;
const email = `${username}@example.com`;

/** The element on top at the centre of `target` is `target` or inside it: nothing covers it. */
async function expectUncovered(target: Locator): Promise<void> {
  const onTop = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (element === hit || element.contains(hit) || hit.contains(element));
  });
  expect(onTop, 'the focused control is covered').toBe(true);
}

/** Presses Tab (Shift+Tab when `back`) until `target` has the focus, at most `max` times; it is uncovered. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectUncovered(target);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of Tab did not reach ${target}`);
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** The code of the verification mail sent to `email`, read from the demo's captured mail. */
async function mailedCode(page: Page): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/api/dev/mail')).json()) as {
        to: string;
        subject: string;
      }[];
      code = mails
        .filter((m) => m.to === email)
        .map((m) => m.subject.match(/\b([A-Z2-9]{6})$/)?.[1])
        .find(Boolean);
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

async function register(page: Page): Promise<void> {
  await page.goto('/register');
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
  await typeInto(page, page.getByLabel('Username'), username);
  await typeInto(page, page.getByLabel('First name'), 'Eva');
  await typeInto(page, page.getByLabel('Last name'), 'Tester');
  await typeInto(page, page.getByLabel('E-mail'), email);
  await typeInto(page, page.getByRole('textbox', { name: 'Password', exact: true }), 'secret123');
  await typeInto(page, page.getByRole('textbox', { name: 'Confirm password' }), 'secret123');
  for (const consent of ['I agree to the Terms of Service', 'I agree to the Privacy Policy']) {
    await tabTo(page, page.getByLabel(consent));
    await page.keyboard.press('Space');
  }
  await expect(page.getByTestId('captcha')).toContainText(/Verified/, { timeout: 30_000 });
  await tabTo(page, page.getByRole('button', { name: 'Create account' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/email\/verify/);
  await typeInto(page, page.getByLabel('Code'), await mailedCode(page));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
}

/** In the open dialog: Tab reaches its "Got it!", and Shift+Tab goes back to `control`. */
async function expectNoticeInDialog(page: Page, dialog: Locator, control: Locator): Promise<void> {
  const gotIt = dialog.getByRole('button', { name: 'Got it!' });
  await expect(gotIt).toBeVisible();
  await tabTo(page, gotIt);
  await tabTo(page, control, { back: true });
}

async function openSection(page: Page, name: string, back = false): Promise<void> {
  const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
  await tabTo(page, sections.getByRole('link', { name }), { back, max: 80 });
  await page.keyboard.press('Enter');
}

async function buyCredits(page: Page): Promise<void> {
  await openSection(page, 'Store');
  await tabTo(page, page.getByRole('button', { name: '100', exact: true }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Buy credits' }));
  await page.keyboard.press('Enter');
  const order = page.getByTestId('order-credits');
  await expect(order).toBeVisible();
  await typeInto(page, order.getByLabel('Address line 1'), 'Hlavní 1');
  await typeInto(page, order.getByLabel('City'), 'Brno');
  await typeInto(page, order.getByLabel('Postal code'), '60200');
  await typeInto(page, order.getByLabel('Country'), 'Czech');
  await expect(page.getByRole('option', { name: /Czech/ }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await tabTo(page, order.getByRole('radio', { name: /Credit card/ }));
  await page.keyboard.press('Space');
  const pay = order.getByRole('button', { name: /^Pay/ });
  await tabTo(page, pay);
  await expectNoticeInDialog(page, page.getByRole('dialog').filter({ has: order }), pay);
  // The dialog with the notice inside it is as clean for axe as the walk's dialogs (without it).
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/_emulators\/mollie\/checkout\/tr_/);
  await expect(page.getByLabel('Paid')).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
}

test('a keyboard alone registers, buys credits and orders a server past the cookie notice', async ({
  page,
}) => {
  // About a minute on an idle machine (a key press and a look at the focus per step); room for a loaded one.
  test.setTimeout(240_000);
  await register(page);
  await buyCredits(page);

  // Back from Mollie: the order-status popup holds the notice; closed, the focus is on the section's heading.
  const popup = page.getByRole('dialog').filter({ has: page.getByTestId('order-status') });
  await expect(popup.getByRole('button', { name: 'Got it!' })).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toContainText('100.00', { timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  const row = page.getByTestId('store-package').filter({ hasText: 'Minecraft Starter' });
  await tabTo(page, row.getByRole('button', { name: /credits per month/ }), { max: 80 });
  await page.keyboard.press('Enter');
  const overview = page.getByTestId('package-overview');
  await expect(overview).toBeVisible();
  const serverType = overview.getByLabel('Server type');
  await tabTo(page, serverType);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(serverType).not.toHaveValue('');
  const location = overview.getByLabel('Location');
  await expect(location).toBeEnabled();
  await tabTo(page, location);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(location).not.toHaveValue('');
  await typeInto(page, overview.getByLabel('Server name'), 'Keyboard world');
  const buy = overview.getByRole('button', { name: /Buy for/ });
  await tabTo(page, buy);
  await expectNoticeInDialog(page, page.getByRole('dialog').filter({ has: overview }), buy);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/dashboard\/[a-z/0-9]*\?order=/);
  await expect(page.getByTestId('order-status')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await openSection(page, 'My servers', true);
  await expect(page.getByTestId('server-card').filter({ hasText: 'Keyboard world' })).toBeVisible();
  // Never dismissed: the notice is still there, back on the page.
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
});
