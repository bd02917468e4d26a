import type { DashboardSection } from '@falkenhost/contracts/constants';
import { NARROW_SCREEN_PX } from '@falkenhost/contracts/constants';
import { AppShell } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { logout, useSession } from '@/lib/session';
import { isSection, useActiveSection } from '../hooks/use-active-section';
import { canOpenSection, NavMenu } from './nav-menu';
import { OrderStatusPopup } from './order-status-popup';
import { ChooseSection } from './section-placeholder';
import { TopBar } from './top-bar';

interface Props {
  /** the section to open instead of the remembered one (a package chosen on /game/{gameId}), asked once */
  startSection?: () => DashboardSection | undefined;
  /** the content of a known section */
  renderSection: (section: DashboardSection) => ReactNode;
}

const NARROW_QUERY = `(max-width: ${NARROW_SCREEN_PX}px)`;

/** The dashboard shell (spec 2 "Dashboard shell"). */
export function DashboardShell({ startSection, renderSection }: Props) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const order = searchParams.get('order');
  const { data: user, isPending } = useSession();
  const [section, setSection] = useActiveSection(order ? () => 'customer_store' : startSection);
  // The menu starts open on wide screens and closed on narrow ones (CSS, so the server's HTML is right
  // for both), until the user toggles it.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const narrow = useMediaQuery(NARROW_QUERY, false) ?? false;
  const opened = toggled ?? !narrow;
  const toggle = () => setToggled(!opened);
  const close = () => setToggled(false);

  // The order parameter opens the store with the status popup (spec 2).
  useEffect(() => {
    if (order) setSection('customer_store');
  }, [order, setSection]);

  const closeOrder = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('order');
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  const select = (next: DashboardSection) => {
    setSection(next);
    if (narrow) close();
  };

  if (isPending || !user) return <PageLoader />;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: 260,
        breakpoint: 'sm',
        collapsed: { mobile: !(toggled ?? false), desktop: !(toggled ?? true) },
      }}
      padding="lg"
    >
      <AppShell.Header bg="dark.8">
        <TopBar
          user={user}
          menuOpened={opened}
          onToggleMenu={toggle}
          onOpenSettings={() => select('settings')}
          onLogout={() => void logout().then(() => navigate('/login', { replace: true }))}
        />
      </AppShell.Header>
      <AppShell.Navbar bg="dark.8">
        <NavMenu role={user.role} active={section ?? ''} onSelect={select} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          {section === null ? (
            <PageLoader />
          ) : isSection(section) && canOpenSection(user.role, section) ? (
            renderSection(section)
          ) : (
            <ChooseSection />
          )}
        </Suspense>
      </AppShell.Main>
      {order && <OrderStatusPopup order={order} onDone={closeOrder} />}
    </AppShell>
  );
}
