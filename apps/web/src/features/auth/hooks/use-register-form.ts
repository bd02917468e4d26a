import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { afterLoginRoute, setSession } from '@/lib/session';
import { register } from '../api/auth';
import type { CaptchaHandle } from '../components/captcha';
import { checkAuthForm, loadAuthRules, useAuthForm } from '../utils/auth-form';
import { markCodeSent } from '../utils/code-sent';
import { registerErrorKey } from '../utils/errors';

/**
 * The register form and its submit (product.md "States and transitions", "Validation rules",
 * "Error catalogue" ("Register"; "Register")): checked by contracts registerForm (the API's registerBody plus
 * confirmation and consents), then only the body is sent. On 201 the new, logged-in user goes to
 * /email/verify; on a refusal the captcha is renewed.
 * @returns the `form`, the server's refusal (`serverError`, an i18n key), the `captcha` ref, and `run`
 *   and `busy` of the throttled submit
 */
export function useRegisterForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useAuthForm('register', {
    username: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirm: '',
    terms: false,
    privacy: false,
    news_subscription: false,
    captchaToken: '',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);

  const { run, busy } = useThrottledAction(async () => {
    setServerError(null);
    if (!(await checkAuthForm(form, (rules) => rules.registerForm))) return;
    const { registerBody } = await loadAuthRules();
    const result = await register(registerBody.parse(form.getValues()));
    if (result.status === 201 && result.data) {
      setSession(result.data);
      markCodeSent('verify');
      // The verification carries the address the login was asked for on (`?next=`, decision 432).
      navigate(afterLoginRoute(result.data, location.search), { replace: true });
      return;
    }
    setServerError(registerErrorKey(result));
    captcha.current?.renew();
  });

  return { form, serverError, captcha, run, busy };
}
