import { expect, test } from '@playwright/test';
import { acceptCookieNotice, fillRegisterForm } from './support';

// Bad input on the auth screens shows the spec's messages (product.md "Error catalogue") and the guards send
// people where product.md "Screens and routes" says.

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptCookieNotice(page);
});

test('guards: the dashboard needs a login, and an unknown e-mail page goes to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/email/unknown');
  await expect(page).toHaveURL(/\/login/);
});

test('login with a wrong password says so and stays on the page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('nobody@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
  await expect(page.getByTestId('captcha')).toContainText(/Verified/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('register refuses mismatched passwords and missing consent before calling the server', async ({
  page,
}) => {
  await page.goto('/register');
  await fillRegisterForm(page, {
    username: 'someone_new',
    email: 'someone_new@example.com',
    password: 'secret123',
    confirm: 'secret124',
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();

  await page.getByRole('textbox', { name: 'Confirm password' }).fill('secret123');
  await page.getByLabel('I agree to the Privacy Policy').uncheck();
  // Submissions are throttled to one a second (product.md "Screens and routes"): a click inside that second
  // does nothing.
  await expect(async () => {
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('You must agree to the ToS and Privacy Policy')).toBeVisible({
      timeout: 500,
    });
  }).toPass();
  await expect(page).toHaveURL(/\/register/);
});
