/**
 * Route guards (spec 2 "Guards"). The client's guards are a convenience; the API checks every call.
 */
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { isFullyLoggedIn, nextRouteFor, useSession } from '@/lib/session';

function useLoadingLabel(): string {
  const { t } = useTranslation('common');
  return t('loading');
}

/** /dashboard: logged in, 2FA passed and e-mail verified; else /login, /email/2fa or /email/verify. */
export function DashboardGuard() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  const label = useLoadingLabel();
  if (isPending) return <PageLoader label={label} />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!user.authenticated) return <Navigate to="/email/2fa" replace />;
  if (!user.email_verified) return <Navigate to="/email/verify" replace />;
  return <Outlet />;
}

/**
 * /login and /register: a logged-in user goes on to /dashboard, or first to the code page a login still
 * waits for (the dashboard guard would send them there anyway; the code page has a logout).
 */
export function GuestGuard() {
  const { data: user, isPending } = useSession();
  const label = useLoadingLabel();
  if (isPending) return <PageLoader label={label} />;
  if (user) return <Navigate to={nextRouteFor(user)} replace />;
  return <Outlet />;
}

/** /email/{type}: type 2fa or verify, a logged-in (possibly unverified) user; a finished one goes on. */
export function EmailGuard() {
  const { type } = useParams();
  const { data: user, isPending } = useSession();
  const label = useLoadingLabel();
  if (type !== '2fa' && type !== 'verify') return <Navigate to="/login" replace />;
  if (isPending) return <PageLoader label={label} />;
  if (!user) return <Navigate to="/login" replace />;
  if (isFullyLoggedIn(user)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
