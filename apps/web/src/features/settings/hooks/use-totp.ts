import { SETTINGS_NOTICE_MS } from '@falkenhost/contracts/account';
import { type TotpSetupAnswer, totpCodeBody, totpSetupBody } from '@falkenhost/contracts/totp';
import { type FormErrors, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { reloadSession } from '@/lib/session';
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  startTotpSetup,
  totpKey,
  useTotpState,
} from '../api/totp';
import { totpCodeError, totpSetupError } from '../utils/totp-errors';

/** A call that takes a code of the app (or a recovery code). */
export type CodeCall = 'enable' | 'disable' | 'regenerate';

/** Where the card is: nothing started, a new secret to scan, or the recovery codes to keep. */
export type TotpStep =
  | { kind: 'idle' }
  | { kind: 'scan'; setup: TotpSetupAnswer }
  | { kind: 'codes'; codes: string[] };

/**
 * A validate function for useForm from a contracts schema of a TOTP request: the first failing field gets
 * the i18n key (namespace security) of its message: `errors.fillIn` when it is empty, else `invalidKey`
 * (the message the API's 400 for that value leads to, so both sides say the same).
 */
function totpResolver(schema: typeof totpSetupBody | typeof totpCodeBody, field: string, invalidKey: string) {
  return (values: Record<string, string>): FormErrors => {
    if (schema.safeParse(values).success) return {};
    return { [field]: (values[field] ?? '').trim() === '' ? 'errors.fillIn' : invalidKey };
  };
}

/**
 * The authenticator app's set-up and management (issue 9): the password form that starts the set-up, the
 * code form of the app's first code (turns it on), of turning it off and of new recovery codes, each call
 * throttled; a refused value is shown under its field, other failures and the results as toasts of 3 s
 * (product.md "Screens and routes"). After a change the state and the session user's two_factor_method are
 * fetched again.
 * @returns the TOTP state (`data`), the `step` and `setStep`, `passwordForm` and `codeForm`, `setup`,
 *   `busy(call)`, `submitCode(call)` and `notice`
 */
export function useTotp() {
  const notice = useNotice('security', SETTINGS_NOTICE_MS);
  const queryClient = useQueryClient();
  const { data } = useTotpState();
  const [step, setStep] = useState<TotpStep>({ kind: 'idle' });
  // The API's bodies (contracts totp.ts) are the forms' values and their validators; errors hold i18n keys.
  const passwordForm = useForm({
    initialValues: { password: '' },
    validate: totpResolver(totpSetupBody, 'password', 'errors.invalidPassword'),
  });
  const codeForm = useForm({
    initialValues: { token: '' },
    validate: totpResolver(totpCodeBody, 'token', 'errors.invalidCode'),
  });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: totpKey });
    // The session user's two_factor_method follows.
    await reloadSession();
  };

  const fail = (answer: { field?: string; key: string }) => {
    if (answer.field === 'password') passwordForm.setFieldError('password', answer.key);
    else if (answer.field === 'code') codeForm.setFieldError('token', answer.key);
    else notice('error', answer.key);
  };

  const setup = useThrottledAction(async (password: string) => {
    const answer = await startTotpSetup(password);
    if (answer.ok && answer.data) {
      passwordForm.reset();
      codeForm.reset();
      setStep({ kind: 'scan', setup: answer.data });
      return;
    }
    fail(totpSetupError(answer));
  });

  const [current, setCurrent] = useState<CodeCall>('enable');
  const withCode = useThrottledAction(async (call: CodeCall, token: string) => {
    setCurrent(call);
    if (call === 'disable') {
      const answer = await disableTotp(token);
      if (!answer.ok) return fail(totpCodeError(answer));
      codeForm.reset();
      setStep({ kind: 'idle' });
      notice('success', 'toast.disabled');
      await refresh();
      return;
    }
    const answer = await (call === 'enable' ? enableTotp(token) : regenerateRecoveryCodes(token));
    if (!answer.ok || !answer.data) return fail(totpCodeError(answer));
    codeForm.reset();
    setStep({ kind: 'codes', codes: answer.data.recoveryCodes });
    notice('success', call === 'enable' ? 'toast.enabled' : 'toast.regenerated');
    await refresh();
  });
  const busy = (call: CodeCall) => withCode.busy && current === call;
  // Checked before the throttle: a refused value sends nothing and does not hold the next try back.
  const submitCode = (call: CodeCall) => {
    if (codeForm.validate().hasErrors) return;
    void withCode.run(call, codeForm.getValues().token.trim());
  };

  return { data, step, setStep, passwordForm, codeForm, setup, busy, submitCode, notice };
}
