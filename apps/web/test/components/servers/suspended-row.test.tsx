/**
 * A suspended server's card says why and what unsuspending costs, in the customer's language (issue 43
 * point 3, decision 430): the server as the real product lists it, in the states the API answers for a
 * suspended hourly server (credits ran out) and a suspended monthly one (the renewal failed).
 */
import type { OwnedServer } from '@falkenhost/contracts/servers';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SuspendedRow } from '@/features/servers/components/suspended-row';
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
