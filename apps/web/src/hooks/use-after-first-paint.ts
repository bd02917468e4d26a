import { startTransition, useEffect, useState } from 'react';

/**
 * False in the first render, true soon after it has been committed (in a transition, so React draws the
 * rest in slices). A page puts what lies below the first screen behind it: the first commit, one task
 * that cannot be split, then only holds what the server's HTML showed (issue 11, Total Blocking Time).
 * @returns whether the deferred part may render now
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}
