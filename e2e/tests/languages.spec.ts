import { expect, test } from '@playwright/test';

// product.md "What the product does": the language comes from ?lng=, then the cookie, then the browser's
// languages; the server renders the page in it and a choice is kept in the cookie. All five languages render
// the same screens.
const HOSTING_TITLE: Record<string, string> = {
  en: 'Game server hosting',
  cs: 'Hosting herních serverů',
};

test('?lng= picks the language and it is kept after a reload', async ({ page }) => {
  await page.goto('/hosting?lng=cs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTING_TITLE.cs!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await page.goto('/hosting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTING_TITLE.cs!);
});

test('the language picker switches every language', async ({ page }) => {
  await page.goto('/hosting?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTING_TITLE.en!);
  const seen = new Set<string>();
  for (const lng of ['cs', 'sk', 'de', 'fr', 'en']) {
    await page.getByRole('combobox', { name: /Language|Jazyk|Sprache|Langue/ }).selectOption(lng);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    seen.add(title);
  }
  expect(seen.size).toBe(5);
  // The choice is kept: the server renders the next page in it.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('cs');
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await page.goto('/hosting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTING_TITLE.cs!);
});
