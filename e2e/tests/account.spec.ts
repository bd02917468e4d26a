import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { acceptCookieNotice, logIn, mailedLink, readCode, registerVerified } from './support';

// Issue 9's walk, as a customer clicks it in the demo: forget the password and reset it through the mailed
// link, change the e-mail through the link sent to the new address, turn on two-factor by mail and log in
// with the mailed code, set a referrer on the home page, turn on two-factor by an authenticator app (the
// code computed here as the app would) and log in with it, download the account's data, deactivate the
// account and be refused at login.

const stamp = Date.now().toString(36);
const username = `acct_${stamp}`;
const email = `${username}@example.com`;
const newEmail = `new_${stamp}@example.com`;

async function openSettings(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByTestId('profile-username')).toBeVisible();
}

test('an account run alone: reset, e-mail change, two-factor, data export, deactivation', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await registerVerified(page, { username, email });
  await page.context().clearCookies();

  // Forgot password: the link comes by mail; the page checks it, takes the new password, then to login.
  await page.goto('/login');
  await acceptCookieNotice(page);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password$/);
  await page.getByLabel('E-mail').fill(email);
  await expect(page.getByTestId('captcha')).toContainText(/Verified/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('reset-sent')).toContainText(email);
  await expect(page.getByRole('button', { name: /Send again in/ })).toBeDisabled();
  await page.screenshot({ path: '.artifacts/account-forgot.png', fullPage: true });
  const resetPath = await mailedLink(page, email, 'reset-password');
  await page.goto('/reset-password/not-a-valid-token-at-all');
  await expect(page.getByTestId('reset-invalid')).toContainText('Invalid token or token expired');
  await page.goto(resetPath);
  await page.getByRole('textbox', { name: 'New password' }).fill('changed456');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('changed456');
  await expect(page.getByTestId('captcha')).toContainText(/Verified/, { timeout: 30_000 });
  await page.screenshot({ path: '.artifacts/account-reset.png', fullPage: true });
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
  await logIn(page, email, 'secret123');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await logIn(page, email, 'changed456');
  await expect(page).toHaveURL(/\/dashboard/);

  // E-mail change: nothing changes until the link sent to the new address is opened.
  await openSettings(page);
  await page.getByTestId('update-email').fill(newEmail);
  await page.getByTestId('update-user-submit').click();
  await page.getByTestId('update-user-confirm').click();
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await page.goto(await mailedLink(page, newEmail, 'update-user'));
  await expect(page.getByTestId('update-user-success')).toBeVisible();
  await page.goto('/dashboard');
  await openSettings(page);
  await expect(page.getByTestId('profile-email')).toHaveText(newEmail);

  // Two-factor by mail: the next login asks for the mailed code.
  await page.getByTestId('toggle-2fa').click();
  await expect(page.getByTestId('profile-2fa')).toContainText(/enabled/i);
  await page.screenshot({ path: '.artifacts/account-settings.png', fullPage: true });
  await page.context().clearCookies();
  await logIn(page, newEmail, 'changed456');
  await expect(page).toHaveURL(/\/email\/2fa/);
  await page.getByLabel('Code').fill(await readCode(page, newEmail));
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // The referral card: an unknown referrer is refused, the shop's master account is accepted and locks it.
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: 'Home' })
    .click();
  const referral = page.getByTestId('referral-card');
  await expect(referral.getByTestId('referral-username')).toContainText(username);
  await referral.getByTestId('referral-input').fill(`nobody_${stamp}`);
  await referral.getByTestId('referral-submit').click();
  await expect(referral).toContainText('Referrer not found');
  await referral.getByTestId('referral-input').fill('master');
  // Submissions are throttled to one a second (product.md "Screens and routes"): a click inside that second
  // does nothing, so submit until the referrer is locked.
  await expect(async () => {
    await referral.getByTestId('referral-submit').click();
    await expect(referral.getByTestId('referral-input')).toBeDisabled({ timeout: 500 });
  }).toPass();
  await expect(referral.getByTestId('referral-input')).toHaveValue('master');
  await page.screenshot({ path: '.artifacts/account-home.png', fullPage: true });

  // Two-factor by an authenticator app: the secret from the settings card, the codes computed as an app.
  await openSettings(page);
  await page.getByTestId('totp-password').fill('changed456');
  await page.getByTestId('totp-setup').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  const app = new TOTP({ secret: Secret.fromBase32(secret) });
  await page.getByTestId('totp-code').fill(app.generate());
  await page.getByTestId('totp-enable').click();
  await expect(page.getByTestId('totp-recovery-codes')).toBeVisible();
  await page.screenshot({ path: '.artifacts/account-totp.png', fullPage: true });
  await page.getByTestId('totp-codes-done').click();
  await expect(page.getByTestId('totp-codes-left')).toBeVisible();
  await page.context().clearCookies();
  await logIn(page, newEmail, 'changed456');
  await expect(page).toHaveURL(/\/email\/2fa/);
  await expect(page.getByLabel('Code from the app')).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend/ })).toHaveCount(0);
  // The step after the one used to turn it on (a used step is refused; one step of drift is allowed).
  await page.getByLabel('Code from the app').fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // The data export: a JSON file with the profile.
  await openSettings(page);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-data').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(
    await (await import('node:fs/promises')).readFile((await file.path()) ?? '', 'utf8'),
  );
  expect(JSON.stringify(exported)).toContain(newEmail);

  // Deactivation: logged out, and the login is refused from then on.
  await page.getByTestId('deactivate-account').click();
  await page.getByTestId('deactivate-confirm').click();
  await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
  await logIn(page, newEmail, 'changed456');
  await expect(page.getByRole('alert')).toContainText('This account has been deactivated');
  await page.screenshot({ path: '.artifacts/account-deactivated.png', fullPage: true });
});
