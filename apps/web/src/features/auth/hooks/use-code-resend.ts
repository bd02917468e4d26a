import { useEffect, useState } from 'react';
import { useCountdown } from '@/hooks/use-countdown';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { type CodeType, resendCode } from '../api/auth';
import { markCodeSent, resendAllowedAt } from '../utils/code-sent';
import { resendErrorKey } from '../utils/errors';

/** The line under the resend button: sent, or why not (i18n key, namespace auth). */
export interface ResendNote {
  kind: 'sent' | 'error';
  key: string;
}

/**
 * Resending a mailed code (product.md "Screens and routes", "Validation rules", "Error catalogue"): the
 * countdown until a resend is allowed (120 s after the last code, kept for the browser session), the
 * throttled resend and the note it leaves.
 * @returns `secondsLeft` until a resend is allowed, the `note` and `resend` ({ run, busy })
 */
export function useCodeResend(type: CodeType) {
  const [note, setNote] = useState<ResendNote | null>(null);
  // The resend countdown is the browser's (sessionStorage): read after the first render, as the server
  // renders the page without it.
  const [resendAt, setResendAt] = useState<number | null>(null);
  useEffect(() => setResendAt(resendAllowedAt(type)), [type]);
  const secondsLeft = useCountdown(resendAt);

  const resend = useThrottledAction(async () => {
    setNote(null);
    const result = await resendCode(type);
    if (result.ok) {
      markCodeSent(type);
      setResendAt(resendAllowedAt(type));
      setNote({ kind: 'sent', key: 'code.sent' });
      return;
    }
    if (result.status === 429) {
      // The server knows better when the last code went out; wait a full interval to be safe.
      markCodeSent(type);
      setResendAt(resendAllowedAt(type));
    }
    setNote({ kind: 'error', key: resendErrorKey(result) });
  });

  return { secondsLeft, note, resend };
}
