/**
 * Dates and sizes in the page's language (issue 44, decisions/442-formats-by-page-language.md): one format
 * each (lib/format.ts), so the package page and the order dialog show the same size, French with Mo/Go.
 */
import { DEFAULT_TIME_ZONE } from '@falkenhost/contracts/constants';
import type { StorePackage } from '@falkenhost/contracts/store';
import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { PackageCard } from '@/features/catalog/components/package-card';
import { PackageSummary } from '@/features/store/components/package-summary';
import { formattersFor } from '@/lib/format';
import { renderApp } from '../render';

it.each([
  ['en', 'Dec 31, 2026'],
  ['cs', '31. 12. 2026'],
  ['de', '31.12.2026'],
  ['fr', '31 déc. 2026'],
])('%s: a date in Prague time is the language own date', (language, shown) => {
  // 23:59:59.999 in Prague is still 31 December there, whatever the browser's zone.
  expect(formattersFor(language).date('2026-12-31T22:59:59.999Z', DEFAULT_TIME_ZONE)).toBe(shown);
});

it('dates with time follow the language, not Czech', () => {
  expect(formattersFor('en').dateTime('2026-03-05T13:05:00.000Z')).toMatch(/^Mar 5, 2026/);
  expect(formattersFor('cs').dateTime('2026-03-05T13:05:00.000Z')).toMatch(/^5\. 3\. 2026/);
});

it.each([
  ['en', 4096, '4 GB'],
  ['de', 1536, '1,5 GB'],
  ['fr', 4096, '4 Go'],
  ['cs', 512, '512 MB'],
  ['fr', 3000, '3 000 Mo'],
])('%s: %d MB of RAM -> %s (GB only when exact)', (language, mb, shown) => {
  expect(
    formattersFor(language)
      .ramSize(mb)
      .replace(/[\u00a0\u202f]/g, ' '),
  ).toBe(shown);
});

it('a size never splits between number and unit', () => {
  for (const language of ['en', 'cs', 'sk', 'de', 'fr'])
    expect(formattersFor(language).ramSize(16_384)).not.toMatch(/ /);
});

it('storage in the language unit', () => {
  const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  expect(spaced(formattersFor('fr').storageSize(20))).toBe('20 Go');
  expect(spaced(formattersFor('sk').storageSize(20))).toBe('20 GB');
});

const pkg: StorePackage = {
  id: 1,
  name: 'Starter',
  game_id: 1,
  game_name: 'Minecraft',
  thumbnail_url: '/x.png',
  credits_monthly: 100,
  eur_price: 4,
  monthly_eur_price: 3.8,
  eggs: [1],
  used: 1,
  vcpu: 100,
  ram_size: 4096,
  storage_size: 20,
  slots: 10,
  swap: 0,
  io: 500,
  databases: 1,
  backups: 1,
  ports: 1,
};

it('the package page and the order dialog show the same sizes (French: Go)', async () => {
  await renderApp(
    <>
      <section data-testid="page">
        <PackageCard pkg={pkg} onOrder={() => {}} />
      </section>
      <section data-testid="dialog">
        <PackageSummary pkg={pkg} />
      </section>
    </>,
    { language: 'fr' },
  );
  for (const part of ['page', 'dialog']) {
    const text = within(screen.getByTestId(part)).getByText(/^4\sGo$/);
    expect(text).toBeTruthy();
    expect(within(screen.getByTestId(part)).getByText(/^20\sGo$/)).toBeTruthy();
  }
});
