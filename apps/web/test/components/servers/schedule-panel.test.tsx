/**
 * The schedule form of server details (product.md "Validation rules", "Error catalogue" ("Schedule"), record
 * 221) against the real product: the order of its messages, the one-second throttle, its notices and the time
 * zone the hours are in.
 */
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { SchedulePanel } from '@/features/servers/components/schedule-panel';
import { type RunningProduct, startProductWorker } from '../product';
import { renderApp } from '../render';

// Answers come from the real product on a shared 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

let product: RunningProduct;
let server: OwnedServer;

beforeAll(async () => {
  product = await startProductWorker();
});
afterAll(async () => product?.close());
beforeEach(async () => {
  const customer = await product.customer({ hourlyServer: 'Night shift' });
  server = customer.servers[0] as OwnedServer;
});
afterEach(() => vi.useRealTimers());

const user = () => userEvent.setup();

async function choose(label: string, option: string) {
  const input = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no ${label} input`);
  await user().click(input);
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`no list of ${label}`);
    return found;
  });
  // Mantine's dropdown is still in its opening transition: its options count as hidden until it ends.
  await user().click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

const panel = () => within(screen.getByTestId('schedule-panel'));

test('shows the first failing rule in the spec order, one at a time', async () => {
  await renderApp(<SchedulePanel server={server} />);
  await screen.findByTestId('schedule-time-zone');
  await user().click(screen.getByRole('button', { name: 'Add' }));
  // day, start and end missing: one "Invalid input", under the day
  expect(await panel().findAllByText('Invalid input')).toHaveLength(1);
  await choose('Day', 'Monday');
  await choose('Start hour', '20:00');
  await user().click(screen.getByRole('button', { name: 'Add' }));
  expect(await panel().findAllByText('Invalid input')).toHaveLength(1);
  await choose('End hour', '18:00');
  await user().click(screen.getByRole('button', { name: 'Add' }));
  expect(await panel().findByText('Invalid hours')).toBeTruthy();
  expect(panel().queryByText('Invalid input')).toBeNull();
  expect(screen.queryByTestId('schedule-range')).toBeNull();
});

test('adds once per second: a second click within it sends nothing; then the notices', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00Z') });
  await renderApp(<SchedulePanel server={server} />);
  expect(await screen.findByTestId('schedule-empty')).toBeTruthy();
  await choose('Day', 'Tuesday');
  await choose('Start hour', '18:00');
  await choose('End hour', '22:00');
  const add = screen.getByRole('button', { name: 'Add' });
  await user().click(add);
  expect(await screen.findByText('The schedule was added.')).toBeTruthy();
  expect((await screen.findAllByTestId('schedule-range')).map((b) => b.textContent)).toEqual([
    '18:00 – 23:00',
  ]);
  // Done, but still within the second (the clock stands still): this click sends nothing.
  await user().click(add);
  // A second later the same range is sent again and refused: exactly one overlap notice, from this
  // third click (had the second sent, its refusal would have come first).
  vi.setSystemTime(new Date('2026-11-26T10:00:01.100Z'));
  await user().click(add);
  expect(await screen.findAllByText('You already have a schedule set in this range')).toHaveLength(1);
  expect(screen.getAllByTestId('schedule-range')).toHaveLength(1);
});

test('names the zone the hours are in and switches to the browser zone only when asked', async () => {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  expect(browser).not.toBe('Europe/Prague');
  await renderApp(<SchedulePanel server={server} />);
  const zone = await screen.findByTestId('schedule-time-zone');
  expect(zone.textContent).toBe('The hours of your schedules are in the time zone Europe/Prague.');
  const choice = await screen.findByTestId('schedule-zone-choice');
  expect(choice.textContent).toContain(`Your browser is in another time zone, ${browser}.`);
  expect(screen.getByRole('radio', { name: 'Keep Europe/Prague' })).toHaveProperty('checked', true);

  // kept: the schedule is added in the stored zone
  await choose('Day', 'Wednesday');
  await choose('Start hour', '08:00');
  await choose('End hour', '09:00');
  await user().click(screen.getByRole('button', { name: 'Add' }));
  expect(await screen.findByText('The schedule was added.')).toBeTruthy();
  await screen.findByTestId('schedule-range');
  expect(screen.getByTestId('schedule-time-zone').dataset.timeZone).toBe('Europe/Prague');

  // switched deliberately: the customer's schedules move to the browser's zone
  await user().click(screen.getByRole('radio', { name: `Switch to ${browser} when adding` }));
  await choose('Day', 'Thursday');
  // A new action: past the one-second throttle of the first Add.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.now() + 1_001));
  await user().click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.getByTestId('schedule-time-zone').dataset.timeZone).toBe(browser));
  expect(screen.queryByTestId('schedule-zone-choice')).toBeNull();
});

test('speaks the page language', async () => {
  await renderApp(<SchedulePanel server={server} />, { language: 'cs' });
  expect((await screen.findByTestId('schedule-time-zone')).textContent).toBe(
    'Hodiny vašich plánů jsou v časovém pásmu Europe/Prague.',
  );
  await user().click(screen.getByRole('button', { name: 'Přidat' }));
  expect(document.body.textContent).not.toMatch(/schedule\.|errors\./);
});
