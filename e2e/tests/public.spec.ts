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

test('home page shows the Minecraft banner, the network map with Falkenstein, the control panel and the 4.9/5 reviews', async ({
  page,
}) => {
  await page.goto('/?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Your own Minecraft world, online in minutes' });
  await expect(banner.getByRole('link', { name: 'See Minecraft packages' })).toHaveAttribute(
    'href',
    '/hosting',
  );
  const network = page.getByRole('region', { name: 'Our network' });
  await expect(
    network.getByRole('img', { name: 'Map of Europe with our data centre in Falkenstein, Germany' }),
  ).toBeVisible();
  await expect(network.getByText('Falkenstein, Germany', { exact: true })).toBeVisible();
  const panel = page.getByRole('region', { name: 'A control panel that keeps out of your way' });
  await expect(panel.getByRole('listitem')).toHaveCount(4);
  const reviews = page.getByRole('region', { name: 'What players say' });
  await expect(reviews.getByText('4.9/5', { exact: true })).toBeVisible();
  await expect(reviews.getByRole('img', { name: 'Rated 4.9 out of 5' })).toBeVisible();
  await expect(reviews.getByRole('blockquote')).toHaveCount(3);
  for (const link of ['Partners', 'Contact']) {
    await expect(page.getByRole('contentinfo').getByRole('link', { name: link })).toBeVisible();
  }
  expect(await accessibilityViolations(page)).toEqual([]);

  // German labels are longer: the sections still have their headings.
  await page.goto('/?lng=de');
  await expect(page.getByRole('heading', { name: 'Unser Netzwerk' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Bewertet mit 4,9 von 5' })).toBeVisible();
});

test('/partners shows three partner cards with their social links', async ({ page }) => {
  await page.goto('/?lng=en');
  // Clicked as soon as it is there, while the page may still be taken over: that once scrolled back to the
  // top under the pointer (ScrollToTop on hydration).
  await page.getByRole('contentinfo').getByRole('link', { name: 'Partners' }).click();
  await expect(page).toHaveURL(/\/partners$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our partners' })).toBeVisible();
  const cards = page.getByTestId('partner-card');
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) {
    await expect(card.getByRole('heading', { level: 2 })).toBeVisible();
    const social = card.getByRole('list').getByRole('link');
    expect(await social.count()).toBeGreaterThan(0);
    for (const link of await social.all()) await expect(link).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(page.getByRole('link', { name: 'Blockwerk Builders on Discord' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('/contact shows the company and offers the four documents, which download as files', async ({
  page,
  request,
}) => {
  await page.goto('/contact?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  const details = page.getByTestId('company-details');
  await expect(details).toContainText('Falkenhost s.r.o.');
  await expect(details).toContainText('Vodičkova 1935/38');
  await expect(details).toContainText('12345678');
  await expect(details.getByRole('link', { name: 'billing@falkenhost.example' })).toHaveAttribute(
    'href',
    'mailto:billing@falkenhost.example',
  );
  await expect(details).toContainText('Not a VAT payer');
  const names = ['General terms and conditions', 'Privacy policy', 'Security incidents', 'AML policy'];
  for (const name of names) await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByTestId('document')).toHaveCount(4);
  expect(await accessibilityViolations(page)).toEqual([]);

  const href = await page.getByRole('link', { name: 'General terms and conditions' }).getAttribute('href');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'General terms and conditions' }).click();
  expect((await download).suggestedFilename()).toBe('general-terms-en.md');
  const file = await request.get(href as string);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  expect(await file.text()).toContain('SAMPLE DOCUMENT');

  // Slovak has no documents of its own in the demo: the English ones are offered, marked as English.
  await page.goto('/contact?lng=sk');
  await expect(page.getByRole('link', { name: 'Všeobecné obchodné podmienky' })).toBeVisible();
  await expect(page.getByTestId('document').first()).toContainText('angličtina');
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
