import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { NotFound } from '@/components/not-found';
import { renderApp } from './render';

test('the harness renders a component with its translations', async () => {
  await renderApp(<NotFound />, { language: 'de' });
  expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  expect(document.body.textContent).not.toMatch(/notFound\./);
});
