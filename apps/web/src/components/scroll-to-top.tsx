import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the top when the route changes (product.md "Screens and routes" guards). Not when the page is
 * first taken over: the browser has put it where the visitor is (scrolled down while it loaded, or back to a
 * kept position).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
