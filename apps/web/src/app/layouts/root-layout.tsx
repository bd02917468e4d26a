import { Outlet } from 'react-router';
import { CookieNotice } from '@/components/cookie-notice';
import { ScrollToTop } from '@/components/scroll-to-top';

/**
 * Every page: scroll to the top on navigation, the page, the cookie notice. No Suspense boundary of its own:
 * the provider's one boundary holds the whole page, so the page hydrates in one pass (see AppProvider).
 */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <CookieNotice />
    </>
  );
}
