/**
 * A suspended server's card says why and what unsuspending costs, in the customer's language, and a
 * monthly server's details show euros with the card fee (issue 43 point 3, decision 430): the server as
 * the real product lists it, in the states the API answers for a suspended hourly server (credits ran
 * out), a suspended monthly one (the renewal failed) and a running monthly one.
 */

import { centsToEur, creditsToUnits, serverMonthPrice } from '@falkenhost/contracts/money';
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PackagePanel } from '@/features/servers/components/package-panel';
import { useServerPrice } from '@/features/servers/components/server-billing';
import { SuspendedRow } from '@/features/servers/components/suspended-row';
import { cardMonthEur } from '@/features/servers/utils/card-price';
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
