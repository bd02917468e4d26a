import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { CookieNotice } from '@/components/cookie-notice';
import { PageLoader } from '@/components/page-loader';
import { ScrollToTop } from '@/components/scroll-to-top';

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <CookieNotice />
    </>
  );
}
