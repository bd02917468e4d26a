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
 * In the open store: a quick amount of credits, the order dialog filled with a Czech address, card
 * payment (checking the shown total when given), and Paid at the Mollie test checkout; returns as the
 * checkout sends the browser back to the dashboard.
 */
export async function payCreditsByCard(page: Page, amount: string, expectedTotal?: string): Promise<void> {
  await page.getByRole('button', { name: amount, exact: true }).click();
  await page.getByRole('button', { name: 'Buy credits' }).click();
  const order = page.getByTestId('order-credits');
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
