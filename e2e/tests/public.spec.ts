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
