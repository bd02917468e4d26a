import type { DashboardSection } from '@falkenhost/contracts/constants';
import { SECTION_PATHS } from '@falkenhost/contracts/dashboard-addresses';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import type { OrderShown } from '@/lib/dashboard-address';
import { focusWhenShown } from '@/lib/focus-return';
import { logout, useSession } from '@/lib/session';
import { canOpenSection, NavMenu } from './nav-menu';
import { OrderStatusPopup } from './order-status-popup';
import { ChooseSection } from './section-placeholder';
import { TopBar } from './top-bar';

/** Where the focus goes when the order-status popup closes, first match first. */
const AFTER_ORDER_POPUP = ['#main [data-linked] h2', '#main h1', '#main h2'];

/**
 * A payment's return opened the order-status popup, no control: once it is gone, the focus goes to the
 * linked server's name, else the section's heading, not to <body> (decisions/441-focus-after-a-dialog.md).
 * The section may still be loading, or draw itself again as the order's data is read anew (focusWhenShown).
 */
function useFocusAfterOrderPopup(order: string | null): void {
  const shown = useRef(false);
  useEffect(() => {
    if (order) {
      shown.current = true;
      return;
    }
    if (!shown.current) return;
    shown.current = false;
    const timer = window.setTimeout(() => focusWhenShown(AFTER_ORDER_POPUP), 0);
    return () => window.clearTimeout(timer);
  }, [order]);
}

interface Props {
  /** the section the address names (decision 431) */
  section: DashboardSection;
  /** the content of a section */
  renderSection: (section: DashboardSection) => ReactNode;
}

/**
 * The dashboard shell (product.md "Dashboard shell"): a skip link to the content, the top bar, the side menu
 * (open on wide screens, closed on narrow ones until the burger opens it) and the section the address names;
 * a section the menu does not offer to the user's role says 'Choose a section'. `?order=` shows the order's
 * status popup, then leaves the address (replaced, so Back does not show it again).
 */
export function DashboardShell({ section, renderSection }: Props) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const order = searchParams.get('order');
  const { data: user, isPending } = useSession();
  // One open state per screen width, as AppShell collapses the menu per breakpoint, and one burger for
  // each (top-bar.tsx): CSS shows the right one, so the server's HTML is right at any width.
  const [desktopOpened, desktop] = useDisclosure(true);
  const [mobileOpened, mobile] = useDisclosure(false);

  const closeOrder = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('order');
        return next;
      },
      // The entry remembers the popup was shown: Back to it opens no server's details (OrderShown).
      { replace: true, state: { orderShown: true } satisfies OrderShown },
    );
  }, [setSearchParams]);
  useFocusAfterOrderPopup(order);

  if (isPending || !user) return <PageLoader />;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: 260,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="lg"
    >
      <a href="#main" className="fh-skip-link">
        {t('nav.skip')}
      </a>
      {/* Each part in a boundary of its own: the browser hydrates them in separate passes, so no single
          task mounts the whole page (decision 091). Nothing in them suspends once the page has loaded. */}
      <AppShell.Header bg="dark.8">
        <Suspense>
          <TopBar
            user={user}
            menu={{ mobileOpened, desktopOpened, toggleMobile: mobile.toggle, toggleDesktop: desktop.toggle }}
            onOpenSettings={() => {
              navigate(SECTION_PATHS.settings);
              mobile.close();
            }}
            onLogout={() => void logout().then(() => navigate('/login', { replace: true }))}
          />
        </Suspense>
      </AppShell.Header>
      <AppShell.Navbar bg="dark.8">
        <Suspense>
          <NavMenu role={user.role} active={section} onSelect={mobile.close} />
        </Suspense>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Suspense fallback={<PageLoader />}>
          {canOpenSection(user.role, section) ? renderSection(section) : <ChooseSection />}
        </Suspense>
      </AppShell.Main>
      {order && <OrderStatusPopup order={order} onDone={closeOrder} />}
    </AppShell>
  );
}
