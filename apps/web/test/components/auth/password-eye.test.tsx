/**
 * Every password input of the auth screens names its eye (show/hide) button in the page's language
 * (issue 30: it was announced in English in cs, sk, de and fr), on /login, /register and
 * /reset-password/{token} (with a real link's token, so the form is shown).
 */
import cs from '@falkenhost/locales/cs/auth.json';
import de from '@falkenhost/locales/de/auth.json';
import en from '@falkenhost/locales/en/auth.json';
import fr from '@falkenhost/locales/fr/auth.json';
import sk from '@falkenhost/locales/sk/auth.json';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { captchaToken, type Product, registerVerified } from '../../../../api/test/harness';
import { startProductInPage } from '../page';
import { type Language, renderApp } from '../render';

let product: Product;
let resetToken: string;
beforeAll(async () => {
  product = await startProductInPage({ seed: false, path: '/' });
  const { session, email } = await registerVerified(product);
  await session.post('/api/auth/reset-password', { email, captchaToken: await captchaToken(session) });
  // The mail goes out without the request waiting for it: polled.
  resetToken = await vi.waitFor(
    async () => {
      const { body } = await session.get<{ to: string; text: string }[]>('/api/dev/mail');
      const link = body.find((mail) => mail.to === email && mail.text.includes('/reset-password/'));
      const token = link?.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
      if (!token) throw new Error('no reset link yet');
      return token;
    },
    { timeout: 10_000, interval: 100 },
  );
});
afterAll(async () => product?.close());

const AUTH = { en, cs, sk, de, fr };
const LANGUAGES = Object.keys(AUTH) as Language[];

/** The eye buttons' names (Mantine renders them as buttons outside the tab order). */
function eyeNames(): string[] {
  return [...document.querySelectorAll('.mantine-PasswordInput-visibilityToggle')].map(
    (button) => button.getAttribute('aria-label') ?? '',
  );
}

describe.each(LANGUAGES)('password eye in %s', (language) => {
  const expected = () => AUTH[language].fields.togglePassword;

  it('is named in the language on every auth form', async () => {
    if (language !== 'en') expect(expected()).not.toBe(en.fields.togglePassword);
    const screens = [
      { ui: <LoginForm />, path: '/login', count: 1 },
      { ui: <RegisterForm />, path: '/register', count: 2 },
      { ui: <ResetPasswordForm token={resetToken} />, path: `/reset-password/${resetToken}`, count: 2 },
    ];
    for (const { ui, path, count } of screens) {
      const view = await renderApp(ui, { language, path });
      await waitFor(() => expect(eyeNames()).toHaveLength(count));
      expect(eyeNames()).toEqual(Array(count).fill(expected()));
      expect(screen.queryByLabelText('Toggle password visibility')).toBeNull();
      view.unmount();
    }
  });
});
