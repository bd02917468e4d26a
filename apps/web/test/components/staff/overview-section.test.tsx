/**
 * The staff overview against the real product (issue 31 part 1): a customer buys 100 credits by card
 * through the Mollie emulator; the master sees them in the charts' tables (there for screen readers, shown
 * by the toggle) and in each series' CSV file, and the period switch changes the steps from days to months.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import OverviewSection from '@/features/admin-overview/components/overview-section';
import { setSession } from '@/lib/session';
import {
  billingAddress,
  captchaToken,
  payAtCheckout,
  registerVerified,
  uniqueName,
  waitFor as waitUntil,
} from '../../../../api/test/harness';
import { renderApp } from '../render';
import { openAs, type StaffProduct, startStaffProduct } from './staff-product';

let staff: StaffProduct;
let paidCents = 0;
beforeAll(async () => {
  staff = await startStaffProduct();
  const buyer = await registerVerified(staff.product, uniqueName('buyer'));
  const res = await buyer.session.post('/api/private/store/order-credits', {
    ...billingAddress,
    referrer: '',
    discountCode: '',
    creditsAmount: 100,
    paymentMethod: 'creditCard',
  });
  await payAtCheckout(res.body.link);
  await waitUntil(
    async () => (await buyer.session.get('/api/private/credits')).body.credits as number,
    (credits) => credits === 100,
  );
  const payment = staff.product.server.emulators!.mollie.payment(res.body.link.split('/').pop());
  paidCents = Math.round(Number(payment.amount.value) * 100);
  // The buyer's session cookies went into the page's jar (happy-dom's fetch): the master logs in again.
  const login = await staff.master.post('/api/auth/login', {
    email: `${staff.masterName.toLowerCase()}@example.com`,
    password: 'secret123',
    captchaToken: await captchaToken(staff.master),
  });
  expect(login.status).toBe(200);
});
afterAll(async () => staff?.product.close());
beforeEach(async () => {
  openAs(staff.product, staff.master);
  setSession((await staff.master.get('/api/auth/me')).body);
});

/** The text of a CSV download link's `data:` address. */
function csvOf(testId: string): string {
  const href = screen.getByTestId(testId).getAttribute('href') ?? '';
  expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
  return decodeURIComponent(href.slice('data:text/csv;charset=utf-8,'.length));
}

const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

test('the charts come with tables of the same figures and CSV files of their series', async () => {
  await renderApp(<OverviewSection />, { path: '/dashboard' });
  const table = await screen.findByTestId('overview-revenue-table', {}, { timeout: 10_000 });
  // 30 days by default, one row a day; today's row holds the payment.
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(31);
  expect(
    within(rows[0]!)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual([
    'Day',
    'Credit purchases',
    'First card payments',
    'Renewals',
    'Unsuspend payments',
    'Auto top-ups',
  ]);
  const today = rows.at(-1)!;
  expect(within(today).getAllByRole('cell')[0]!.textContent).toBe(`€${euros(paidCents)}`);

  const csv = csvOf('overview-revenue-csv').split('\r\n');
  expect(csv[0]).toBe('Day,Credit purchases,First card payments,Renewals,Unsuspend payments,Auto top-ups');
  expect(csv).toHaveLength(32); // header, 30 days, the final line break
  expect(csv[30]).toMatch(
    new RegExp(`^\\d{4}-\\d{2}-\\d{2},${euros(paidCents)},0\\.00,0\\.00,0\\.00,0\\.00$`),
  );
  expect(screen.getByTestId('overview-revenue-csv').getAttribute('download')).toBe(
    'falkenhost-revenue-30d.csv',
  );
  expect(csvOf('overview-credits-csv').split('\r\n')[30]).toMatch(/,100,0$/);
  expect(csvOf('overview-nodes-csv').split('\r\n')[0]).toBe(
    'Node,Memory allocated,Memory total,Memory used,Disk allocated,Disk total,Disk used',
  );

  // The table is in the page for screen readers; the toggle shows it in place of the chart.
  const toggle = screen.getByTestId('overview-revenue-toggle');
  expect(toggle.getAttribute('aria-pressed')).toBe('false');
  expect(table.closest('[aria-hidden="true"]')).toBeNull();
  await userEvent.setup().click(toggle);
  expect(toggle.getAttribute('aria-pressed')).toBe('true');
  expect(toggle.textContent).toBe('Show chart');
  expect(screen.getByTestId('overview-revenue-table')).toBeTruthy();
});

test('the period switch reads 12 months by month', async () => {
  const user = userEvent.setup();
  await renderApp(<OverviewSection />, { path: '/dashboard' });
  await screen.findByTestId('overview-revenue-table', {}, { timeout: 10_000 });
  await user.click(screen.getByRole('radio', { name: '12 months' }));
  await waitFor(() =>
    expect(within(screen.getByTestId('overview-revenue-table')).getAllByRole('row')).toHaveLength(13),
  );
  const csv = csvOf('overview-activity-csv').split('\r\n');
  expect(csv[0]).toBe('Month,New customers,Servers deleted,Failed renewals');
  expect(csv[12]).toMatch(/^\d{4}-\d{2},\d+,0,0$/);
  expect(screen.getByTestId('overview-activity-csv').getAttribute('download')).toBe(
    'falkenhost-customers-servers-12m.csv',
  );
  expect(
    within(screen.getByTestId('overview-revenue-table')).getAllByRole('row').at(-1)!.textContent,
  ).toContain(`€${euros(paidCents)}`);
});

test('the same overview in Czech', async () => {
  await renderApp(<OverviewSection />, { path: '/dashboard', language: 'cs' });
  const table = await screen.findByTestId('overview-revenue-table', {}, { timeout: 10_000 });
  expect(within(table).getAllByRole('columnheader')[0]!.textContent).toBe('Den');
  expect(screen.getByTestId('overview-revenue-csv').textContent).toBe('Stáhnout CSV');
  // Counts as values after a label: Czech number agreement never meets a count (issue 44's walk).
  expect(document.body.textContent).toMatch(/hodinové: \d+, měsíční: \d+/);
});
