/**
 * ScrollToTop: a route change starts at the top (product.md "Screens and routes" guards); taking a page over
 * does not move it (a visitor who scrolled while it loaded was thrown back to the top, and a footer link
 * aimed at meanwhile was no longer under the pointer).
 */
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, test } from 'vitest';
import { ScrollToTop } from '@/components/scroll-to-top';

test('the page stays where it was scrolled when it is taken over, and a route change goes to the top', async () => {
  const router = createMemoryRouter([{ path: '*', element: <ScrollToTop /> }], { initialEntries: ['/'] });
  window.scrollTo(0, 800);
  expect(window.scrollY).toBe(800);
  render(<RouterProvider router={router} />);
  expect(window.scrollY).toBe(800);
  await act(() => router.navigate('/partners'));
  expect(window.scrollY).toBe(0);
});
