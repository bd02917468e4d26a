import { ACTION_THROTTLE_MS } from '@falkenhost/contracts/constants';
import { useCallback, useRef, useState } from 'react';

/**
 * Wraps a submit handler: at most one start per ACTION_THROTTLE_MS (product.md "Validation rules",
 * "Business constants and limits") and none while the previous one runs. `busy` drives the spinner.
 */
export function useThrottledAction<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const lastStart = useRef(0);
  const running = useRef(false);
  const actionRef = useRef(action);
  actionRef.current = action;

  const run = useCallback(async (...args: A) => {
    const now = Date.now();
    if (running.current || now - lastStart.current < ACTION_THROTTLE_MS) return;
    lastStart.current = now;
    running.current = true;
    setBusy(true);
    try {
      await actionRef.current(...args);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { run, busy };
}
