/**
 * A suspended server's card says why and what unsuspending costs, in the customer's language, and a
 * monthly server's details show euros with the card fee (issue 43 point 3, decision 430): the server as
 * the real product lists it, in the states the API answers for a suspended hourly server (credits ran
 * out), a suspended monthly one (the renewal failed) and a running monthly one.
 */

import { centsToEur, creditsToUnits, serverMonthPrice } from '@falkenhost/contracts/money';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PackagePanel } from '@/features/servers/components/package-panel';
import { useServerPrice } from '@/features/servers/components/server-billing';
import { ServerCardHeader } from '@/features/servers/components/server-card-header';
import { SuspendedRow } from '@/features/servers/components/suspended-row';
import type { ConfirmOptions } from '@/features/servers/hooks/use-confirm';
import { cardMonthEur } from '@/features/servers/utils/card-price';
import { formattersFor } from '@/lib/format';
import { type Customer, type RunningProduct, startProductWorker } from '../product';
import { renderApp } from '../render';

let product: RunningProduct;
let customer: Customer;
let listed: OwnedServer;

beforeAll(async () => {
  product = await startProductWorker();
  customer = await product.customer({ hourlyServer: 'Asleep' });
  listed = customer.servers[0]!;
}, 120_000);
afterAll(async () => product?.close());

const deleteAt = '2030-01-08T10:00:00.000Z';

test('an hourly server whose credits ran out: the reason and the hour it costs', async () => {
  product.logIn(customer);
  const server = {
    ...listed,
    status: 'suspended',
    suspension_reason: 'credits',
    delete_at: deleteAt,
  } as const;
  await renderApp(<SuspendedRow server={server} />);
  const box = screen.getByTestId('server-suspension');
  expect(box.dataset.reason).toBe('credits');
  expect(box.textContent).toContain('Suspended: your credits ran out.');
  expect(screen.getByTestId('server-unsuspend-cost').textContent).toBe(
    `Unsuspending takes ${listed.totalCreditsPerHour} credits for the current hour; keep enough credits for the hours after.`,
  );
  expect(screen.getByTestId('server-delete-at').textContent).toMatch(/^Deleted on /);
  expect(screen.getByRole('button', { name: 'Unsuspend Asleep' })).toBeTruthy();
}, 60_000);

test('a monthly server whose renewal failed, in Czech: the reason and the month by card with its fee', async () => {
  product.logIn(customer);
  const server = {
    ...listed,
    billing_type: 'monthly',
    status: 'suspended',
    suspension_reason: 'renewal',
    eurPriceWithCreditCardFee: 4.12,
    delete_at: deleteAt,
  } as const;
  await renderApp(<SuspendedRow server={server} />, { language: 'cs' });
  expect(screen.getByTestId('server-suspension').textContent).toContain(
    'Pozastaveno: měsíční platba se nezdařila.',
  );
  // The card's own price, formatted as every euro amount in Czech.
  expect(screen.getByTestId('server-unsuspend-cost').textContent).toMatch(
    /^Obnovení stojí 4,12\s€: nový měsíc placený kartou\.$/,
  );
}, 60_000);

/** The details' price line, as ServerDetails shows it. */
function DetailsPrice({ server }: { server: OwnedServer }) {
  return <p data-testid="details-price">{useServerPrice(server)}</p>;
}

test("a monthly server's details: its price and its package in euros with the card fee, as its card", async () => {
  product.logIn(customer);
  const server = { ...listed, billing_type: 'monthly', eurPriceWithCreditCardFee: 5.15 } as const;
  await renderApp(
    <>
      <DetailsPrice server={server} />
      <PackagePanel server={server} confirm={() => undefined} />
    </>,
  );
  expect(screen.getByTestId('details-price').textContent).toBe('€5.15 / month');
  // The package alone: its credits as a month by card (contracts serverMonthPrice), no credits named.
  const packageEur = centsToEur(
    serverMonthPrice(creditsToUnits(listed.package_credits_monthly), 0, 'creditCard').total,
  );
  expect(cardMonthEur(listed.package_credits_monthly)).toBe(packageEur);
  const current = screen.getByTestId('package-current').textContent ?? '';
  expect(current).toBe(`Current package: ${listed.package_name}, €${packageEur.toFixed(2)} / month`);
  expect(current).not.toMatch(/credit/);
}, 60_000);

test('a scheduled server outside its hours says when it starts beside Offline (issue 44)', async () => {
  const nextStart = '2030-01-07T17:00:00.000Z';
  const server = { ...listed, scheduled: true, next_start: nextStart };
  const view = await renderApp(<ServerCardHeader server={server} shortId="" state="offline" active />);
  expect(screen.getByTestId('server-next-start').textContent).toBe(
    `Starts ${formattersFor('en').dateTime(nextStart)}`,
  );
  view.unmount();
  await renderApp(<ServerCardHeader server={server} shortId="" state="running" active />);
  expect(screen.queryByTestId('server-next-start')).toBeNull();
});

test("a scheduled hourly server's price names the month of its scheduled hours (issue 44)", async () => {
  const hourly = { ...listed, billing_type: 'hourly', totalCreditsPerHour: 0.137 } as const;
  const view = await renderApp(<DetailsPrice server={{ ...hourly, scheduled_credits_monthly: null }} />);
  expect(screen.getByTestId('details-price').textContent).toBe(
    `0.137 credits / hour · ${hourly.totalCreditsPrice.toFixed(2)} credits / month`,
  );
  view.unmount();
  await renderApp(<DetailsPrice server={{ ...hourly, scheduled: true, scheduled_credits_monthly: 25.04 }} />);
  expect(screen.getByTestId('details-price').textContent).toBe(
    '0.137 credits / hour · about 25.04 credits / month on its schedule',
  );
});

test('the package change confirmation says a change can be changed back, by billing (issue 44)', async () => {
  product.logIn(customer);
  for (const [billing, last] of [
    ['hourly', "The new package's price applies from the next hour."],
    ['monthly', 'What this change charges for the current period is not refunded.'],
  ] as const) {
    let asked: ConfirmOptions | undefined;
    const view = await renderApp(
      <PackagePanel server={{ ...listed, billing_type: billing }} confirm={(options) => (asked = options)} />,
    );
    const input = screen
      .getAllByLabelText('Upgrade or downgrade')
      .find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    // disabled until the packages it may change to are loaded
    await waitFor(() => expect(input.disabled).toBe(false));
    await userEvent.click(input);
    const listbox = await waitFor(() => {
      const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
      if (!found) throw new Error('no list yet');
      return found;
    });
    await userEvent.click((await within(listbox).findAllByRole('option', { hidden: true }))[0]!);
    await userEvent.click(screen.getByTestId('package-change'));
    await waitFor(() => expect(asked).toBeDefined());
    view.unmount();
    const text = await renderApp(asked!.children as ReactNode);
    const back = text.getByTestId('package-change-back').textContent;
    expect(back).toBe(`You can change back to ${listed.package_name} later. ${last}`);
    expect(text.container.textContent).not.toMatch(/cannot be undone/);
    text.unmount();
  }
}, 60_000);
