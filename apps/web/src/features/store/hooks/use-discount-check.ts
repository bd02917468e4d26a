import { DISCOUNT_DEBOUNCE_MS } from '@falkenhost/contracts/constants';
import { useEffect, useState } from 'react';
import { verifyDiscount } from '../api/store';

export type DiscountState =
  | { status: 'empty' }
  | { status: 'checking' }
  | { status: 'valid'; code: string; percentage: number }
  | { status: 'invalid' };

/**
 * Verifies a discount code after each edit with a 1 s debounce (product.md "States and transitions"); an
 * empty code is neither valid nor invalid.
 */
export function useDiscountCheck(code: string): DiscountState {
  const [state, setState] = useState<DiscountState>({ status: 'empty' });
  useEffect(() => {
    const trimmed = code.trim();
    if (!trimmed) {
      setState({ status: 'empty' });
      return;
    }
    setState({ status: 'checking' });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      void verifyDiscount(trimmed, controller.signal).then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.ok && result.data
            ? { status: 'valid', code: result.data.code, percentage: result.data.percentage }
            : { status: 'invalid' },
        );
      });
    }, DISCOUNT_DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [code]);
  return state;
}
