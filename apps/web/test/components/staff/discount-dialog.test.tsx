/**
 * The add-discount popup against the real product: the spec's order of messages (all fields, then the
 * code's characters, then the percentage), the one-second throttle, the success and 409 notices.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { DiscountDialog } from '@/features/admin-store/components/discount-dialog';
import { renderApp } from '../render';
import { afterThrottle, dialogSettled, notices } from './notices';
import { staffPopupHooks } from './staff-product';

const staffProduct = staffPopupHooks();

test('shows the first problem in the spec order, marks the fields, and throttles a second submit', async () => {
  const user = userEvent.setup();
  await renderApp(<DiscountDialog onClose={() => {}} />, { path: '/dashboard' });
  const save = await screen.findByTestId('discount-save');
  await dialogSettled();

  // Nothing filled: "Fill in all fields", on every empty field too.
  await user.click(save);
  await waitFor(() => expect(notices('Fill in all fields')).toHaveLength(1));
  expect(screen.getByLabelText(/Code/).getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByLabelText(/Valid until/).getAttribute('aria-invalid')).toBe('true');
  const before = 1;

  // A second submit within the second does nothing.
  await user.click(save);
  expect(notices('Fill in all fields')).toHaveLength(before);

  // A bad code with a date still missing: all fields come first.
  await user.type(screen.getByLabelText(/Code/), 'NO SPACES');
  await user.type(screen.getByLabelText(/Percentage/), '0');
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(notices('Fill in all fields').length).toBeGreaterThan(before));

  // The date given: the code's characters, then the percentage.
  const date = screen.getByLabelText(/Valid until/) as HTMLInputElement;
  await user.type(date, '2099-12-31');
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(notices('The code may contain only letters, digits, - and _')).toHaveLength(1));
  await user.clear(screen.getByLabelText(/Code/));
  await user.type(screen.getByLabelText(/Code/), 'STAFF-TEST');
  afterThrottle();
  await user.click(save);
  await waitFor(() => expect(notices('The percentage must be above 0 and at most 100')).toHaveLength(1));
});

test('adds the code (success notice, closes), and a code already used is told so', async () => {
  const user = userEvent.setup();
  const closed = vi.fn();
  const code = `C${Date.now().toString(36)}`.toUpperCase();
  const fill = async () => {
    await dialogSettled();
    await user.type(screen.getByLabelText(/Code/), code);
    await user.type(screen.getByLabelText(/Percentage/), '15');
    await user.type(screen.getByLabelText(/Valid until/), '2099-12-31');
  };
  const first = await renderApp(<DiscountDialog onClose={closed} />, { path: '/dashboard' });
  await fill();
  await user.click(screen.getByTestId('discount-save'));
  await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(notices('Discount added.')).toHaveLength(1));
  const list = await staffProduct().master.get<{ code: string; percentage: number }[]>(
    '/api/private/store/discounts',
  );
  expect(list.body.find((d) => d.code === code)?.percentage).toBe(15);
  first.unmount();

  await renderApp(<DiscountDialog onClose={closed} />, { path: '/dashboard' });
  await fill();
  afterThrottle();
  await user.click(screen.getByTestId('discount-save'));
  await waitFor(() => expect(notices('A discount with this name or code already exists')).toHaveLength(1));
  expect(closed).toHaveBeenCalledTimes(1);
});
