/**
 * The users list and the role popup against the real product: one's own row offers no Role or Deactivate
 * (the API answers 409 self to both), another user's role is changed with its notice, and the throttle.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { UsersPanel } from '@/features/admin-users/components/users-panel';
import { setSession } from '@/lib/session';
import { renderApp } from '../render';
import { afterThrottle, notices } from './notices';
import { openAs, type StaffProduct, startStaffProduct } from './staff-product';

let staff: StaffProduct;
let customer: string;
beforeAll(async () => {
  staff = await startStaffProduct();
  customer = staff.customerName;
});
afterAll(async () => staff?.product.close());
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  openAs(staff.product, staff.master);
  const me = await staff.master.get('/api/auth/me');
  setSession(me.body);
});
afterEach(() => vi.useRealTimers());

const rowOf = async (username: string) => {
  const rows = await screen.findAllByTestId('user-row');
  const row = rows.find((r) => within(r).queryByText(username, { exact: true }));
  if (!row) throw new Error(`no row of ${username}`);
  return row;
};

test("the master's own row offers neither Role nor Deactivate; another's does", async () => {
  await renderApp(<UsersPanel />, { path: '/dashboard' });
  await screen.findAllByTestId('user-row');
  const own = await rowOf(staff.masterName);
  expect(within(own).queryByTestId('user-role-button')).toBeNull();
  expect(within(own).queryByTestId('user-active-button')).toBeNull();
  expect(within(own).getByTestId('user-self').textContent).toBe('Your own account');
  const other = await rowOf(customer);
  expect(within(other).getByTestId('user-role-button')).toBeTruthy();
  expect(within(other).getByTestId('user-active-button')).toBeTruthy();
});

test('the role popup changes a role once per second and says so', async () => {
  const user = userEvent.setup();
  await renderApp(<UsersPanel />, { path: '/dashboard' });
  await user.click(within(await rowOf(customer)).getByTestId('user-role-button'));
  const dialog = await screen.findByTestId('role-form');
  const select = within(dialog).getByRole('combobox', { name: /New role/ });
  await user.click(select);
  // The role filter above the list has the same options: this select's own list.
  await waitFor(() =>
    expect(document.getElementById(select.getAttribute('aria-controls') ?? '')).toBeTruthy(),
  );
  const options = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(options).getByRole('option', { name: 'admin', hidden: true }));
  const confirm = within(dialog).getByTestId('confirm-accept');
  await user.click(confirm);
  await user.click(confirm);
  await waitFor(() => expect(notices('User role updated successfully.')).toHaveLength(1));
  await waitFor(() => expect(within(document.body).queryByTestId('role-form')).toBeNull());
  const list = await staff.master.get(`/api/private/users/all-users?search=${customer}`);
  expect(list.body.users[0].role).toBe('admin');
  afterThrottle();
  expect(notices('User role updated successfully.')).toHaveLength(1);
});
