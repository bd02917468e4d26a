/**
 * The locations tab and its popup against the real product (docs/decisions/242): the panel's location
 * with its seeded names, a name changed and one cleared, the throttle, the success notice, and the table
 * showing the saved names.
 */
import type { AdminLocation } from '@falkenhost/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { LocationsTab } from '@/features/admin-store/components/locations-tab';
import { renderApp } from '../render';
import { afterThrottle, dialogSettled, notices } from './notices';
import { staffPopupHooks } from './staff-product';

const staffProduct = staffPopupHooks();

test('edits a location: one name changed, one cleared; a second save within the second sends nothing', async () => {
  const user = userEvent.setup();
  await renderApp(<LocationsTab />, { path: '/dashboard' });
  const row = (await screen.findAllByTestId('location-row')).find((r) => r.textContent?.includes('de-fsn'));
  if (!row) throw new Error('the demo panel has no de-fsn location');
  expect(row.textContent).toContain('Falkenstein, Germany');
  expect(row.textContent).toContain('Falkenstein, Deutschland');

  await user.click(within(row).getByRole('button', { name: 'Edit Falkenstein, Germany' }));
  const form = await screen.findByTestId('location-form');
  await dialogSettled();
  expect(within(form).getByText(/a language shows the panel's name, Falkenstein, Germany/)).toBeTruthy();
  const german = within(form).getByLabelText('German');
  expect((german as HTMLInputElement).value).toBe('Falkenstein, Deutschland');
  await user.clear(german);
  await user.type(german, 'Falkenstein (Sachsen)');
  await user.clear(within(form).getByLabelText('French'));

  afterThrottle();
  const save = within(form).getByTestId('location-save');
  await user.click(save);
  await user.click(save);
  await waitFor(() => expect(notices('Location names saved.')).toHaveLength(1));
  await waitFor(() => expect(screen.queryByTestId('location-form')).toBeNull());
  const saved = (await staffProduct().master.get('/api/private/store/locations')).body as AdminLocation[];
  expect(saved.find((l) => l.code === 'de-fsn')?.translations).toEqual({
    cs: 'Falkenstein, Německo',
    de: 'Falkenstein (Sachsen)',
    sk: 'Falkenstein, Nemecko',
  });
  const log = (await staffProduct().master.get('/api/private/users/audit-log?entity=location')).body.entries;
  expect(log).toHaveLength(1);

  // The table shows what was saved.
  await waitFor(() => {
    const updated = screen.getAllByTestId('location-row').find((r) => r.textContent?.includes('de-fsn'));
    expect(updated?.textContent).toContain('Falkenstein (Sachsen)');
    expect(updated?.textContent).not.toContain('Allemagne');
  });
});
