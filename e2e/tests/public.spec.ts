import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './support';

test("home page leads to the game list and a game's packages, without accessibility violations", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Falkenhost/);
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto('/hosting');
  for (const game of ['Minecraft', 'ARK Survival', 'Terraria', 'Satisfactory', '7 Days To Die', 'FiveM']) {
    await expect(page.getByText(game, { exact: true }).first()).toBeVisible();
  }
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
});

test('an anonymous visit to /, /hosting and /game/1 logs no error in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of ['/', '/hosting', '/game/1']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // React has taken over from the server's HTML (its header is the one with .s-hd).
    await expect(page.locator('#root .s-hd')).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('public pages come with their text in the HTML, and the page keeps it once React runs', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/game/1?lng=de')).text();
  expect(html).toContain('<html lang="de"');
  expect(html).toContain('Minecraft Starter');
  await page.goto('/game/1?lng=de');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Minecraft');
  await expect(page.getByRole('button', { name: /Minecraft Starter/ })).toBeEnabled();
});
