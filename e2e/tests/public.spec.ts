import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test("home page leads to the game list and a game's packages, without accessibility violations", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Falkenhost/);
  const home = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(home.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.goto('/hosting');
  for (const game of ['Minecraft', 'ARK Survival', 'Terraria', 'Satisfactory', '7 Days To Die', 'FiveM']) {
    await expect(page.getByText(game, { exact: true }).first()).toBeVisible();
  }
  const hosting = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(hosting.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
});
