import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { afterLoginRoute, setSession } from '@/lib/session';
import { type CodeType, submitCode } from '../api/auth';
import { checkAuthForm, formErrorKey, useAuthForm } from '../utils/auth-form';
import { codeErrorKey } from '../utils/errors';

/**
 * The code form's field and its submit (product.md "States and transitions", "Validation rules",
 * "Error catalogue"): a mailed code, or with an authenticator app (`totp`) the app's code or a recovery code;
 * validated by the API's codeBody or secondFactorBody, then sent; an accepted code goes to the dashboard. The
 * field has the focus on arrival and after switching between app and recovery code.
 * @param totp the user logs in with an authenticator app (on /email/2fa)
 * @returns the `form`, the field's `input` ref and `mode` (mail, app or recovery), `recovery`, `submit`,
 *   the `error` to show (i18n key) and `switchCode` (app code <-> recovery code)
 */
export function useCodeSubmit(type: CodeType, totp: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(false);
  const form = useAuthForm(`code-${type}`, { token: '' });
  const input = useRef<HTMLInputElement>(null);
  const mode = totp ? (recovery ? 'recovery' : 'app') : 'mail';

  // The code is all the page asks for: its field has the focus on arrival (after registering, after
  // the login) and after switching between app and recovery code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mode re-mounts the field, which is focused anew
  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  const submit = useThrottledAction(async () => {
    setServerError(null);
    const body = await checkAuthForm(form, (rules) => (totp ? rules.secondFactorBody : rules.codeBody));
    if (!body) return;
    const result = await submitCode(type, body.token);
    if (result.ok && result.data) {
      setSession(result.data);
      // On to the address the login was asked for (`?next=`, decision 432), or the 2FA's verification.
      navigate(afterLoginRoute(result.data, location.search), { replace: true });
      return;
    }
    setServerError(codeErrorKey(result));
  });

  const ruleError = formErrorKey(form.errors);
  // An app or recovery code has its own length message (security namespace).
  const formError =
    ruleError === 'errors.codeLength' && totp
      ? recovery
        ? 'security:login.recoveryLength'
        : 'security:login.codeLength'
      : ruleError;

  const switchCode = () => {
    setRecovery((r) => !r);
    form.reset();
    setServerError(null);
  };

  return { form, input, mode, recovery, submit, error: formError ?? serverError, switchCode };
}
