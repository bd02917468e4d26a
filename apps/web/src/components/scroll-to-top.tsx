import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the top on every route change (spec 2 guards). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on each path change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
