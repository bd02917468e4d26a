/**
 * Route guards (product.md "Routes and guards"), the rule in packages/contracts/src/routes.ts
 * `guardRedirect`, which the server applies before it renders a page too. The client's guards are a
 * convenience; the API checks every call.
 */
import { guardRedirect } from '@falkenhost/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/lib/session';

/**
 * /dashboard (logged in, 2FA passed, e-mail verified), /login and /register (a logged-in user goes on),
 * /email/{type} (2fa or verify, a user who still owes it): renders the page, waits for the session, or
 * sends on to where `guardRedirect` says.
 */
export function PageGuard() {
  const { t } = useTranslation('common');
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoader label={t('loading')} />;
  // The dashboard's address travels in `?next=`, so the login returns there (decision 432).
  const to = guardRedirect(location.pathname, user, location.search);
  if (to === null) return <Outlet />;
  return <Navigate to={to} replace />;
}
