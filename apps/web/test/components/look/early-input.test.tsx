/**
 * The hand-over of what was typed before hydration (app/early-input.ts): each kept value reaches the
 * field once, as one input event, and the hand-over ends (it once looped for ever: the replay's own input
 * event was recorded again while the Map of kept values was being walked).
 */
import { expect, test, vi } from 'vitest';
import { keepEarlyInput, reactTakesOver } from '@/app/early-input';

test('a value typed before hydration is handed to the hydrated field once, and the hand-over ends', async () => {
  document.body.innerHTML =
    '<main><form><input name="email" value=""><input name="password" value=""></form></main>';
  const root = document.querySelector('main') as HTMLElement;
  const email = root.querySelector('input[name="email"]') as HTMLInputElement;
  const password = root.querySelector('input[name="password"]') as HTMLInputElement;
  const handOver = keepEarlyInput(root);

  // Typed into the server's HTML.
  email.value = 'nobody@example.com';
  email.dispatchEvent(new Event('input', { bubbles: true }));
  password.value = 'wrong-password';
  password.dispatchEvent(new Event('input', { bubbles: true }));

  // React has taken both fields over (it marks each element with its props).
  const seen: string[] = [];
  for (const field of [email, password]) {
    Object.assign(field, { __reactProps$test: {} });
    field.addEventListener('input', () => seen.push(`${field.name}=${field.value}`));
  }
  handOver();

  expect(seen).toEqual(['email=nobody@example.com', 'password=wrong-password']);
  expect(email.value).toBe('nobody@example.com');
  // Nothing is left to hand over: no further input arrives while the timers run out.
  await vi.waitFor(() => expect(seen).toHaveLength(2));
});

test('a click kept before React listened is made once React has the button; one after is left to React', async () => {
  document.body.innerHTML =
    '<main><button type="button">Open</button><button type="button">Later</button></main>';
  const root = document.querySelector('main') as HTMLElement;
  const open = root.querySelector('button:first-child') as HTMLButtonElement;
  const later = root.querySelector('button:last-child') as HTMLButtonElement;
  // What the start script (apps/api/src/site/template.ts) kept: a click before React listened.
  Object.assign(window, { __fhEarly: { clicks: [open], submits: [], react: false } });
  const handOver = keepEarlyInput(root);
  reactTakesOver();
  expect((window as unknown as { __fhEarly: { react: boolean } }).__fhEarly.react).toBe(true);

  const clicked: string[] = [];
  for (const button of [open, later]) {
    Object.assign(button, { __reactProps$test: {} });
    button.addEventListener('click', () => clicked.push(button.textContent ?? ''));
  }
  handOver();
  await vi.waitFor(() => expect(clicked).toEqual(['Open']));
});
