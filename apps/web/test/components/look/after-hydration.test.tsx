/**
 * AfterHydration (components/after-hydration.tsx): the server's HTML of a wrapped element hydrates without
 * a mismatch, and the wrapper (here a Tooltip, as in the dashboard's top bar) works once mounted.
 */
import { MantineProvider, Tooltip } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, onTestFinished, test } from 'vitest';
import { theme } from '@/app/theme';
import { AfterHydration } from '@/components/after-hydration';

test('the server HTML hydrates as it is; once mounted, the tooltip shows on hover', async () => {
  const ui = (
    <MantineProvider theme={theme} forceColorScheme="dark">
      <AfterHydration wrap={(button) => <Tooltip label="Log out">{button}</Tooltip>}>
        <button type="button" aria-label="Log out now">
          x
        </button>
      </AfterHydration>
    </MantineProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    const root = hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) });
    onTestFinished(() => {
      root.unmount();
      container.remove();
    });
  });
  expect(errors).toEqual([]);
  await userEvent.hover(screen.getByRole('button', { name: 'Log out now' }));
  expect((await screen.findByRole('tooltip', { hidden: true })).textContent).toBe('Log out');
});
