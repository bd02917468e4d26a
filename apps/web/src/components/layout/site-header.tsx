import { Box, Burger, Button, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { LanguagePicker } from '@/components/language-picker';
import { Logo } from '@/components/logo';
import { isFullyLoggedIn, logout, useSession } from '@/lib/session';

/**
 * Public header: logo, Hosting, Login/Register or Dashboard, language picker. A user who is logged in but
 * still owes a code (/email/verify, /email/2fa) gets a logout instead of Login/Register; once the code is
 * accepted the session store turns it into Dashboard without a reload (issue 44).
 */
export function SiteHeader() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { data: user } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const loggedIn = isFullyLoggedIn(user);

  const account = loggedIn ? (
    <Button component={Link} to="/dashboard" onClick={close}>
      {t('nav.dashboard')}
    </Button>
  ) : user ? (
    <Button
      variant="default"
      data-testid="header-logout"
      onClick={() => {
        close();
        void logout().then(() => navigate('/login', { replace: true }));
      }}
    >
      {t('nav.logout')}
    </Button>
  ) : (
    <>
      <Button component={Link} to="/login" variant="default" onClick={close}>
        {t('nav.login')}
      </Button>
      <Button component={Link} to="/register" onClick={close}>
        {t('nav.register')}
      </Button>
    </>
  );

  return (
    <Box
      component="header"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        backdropFilter: 'blur(10px)',
        background: 'rgba(12, 13, 33, 0.82)',
        borderBottom: '1px solid var(--mantine-color-dark-5)',
      }}
    >
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Link to="/" aria-label={t('nav.home')} style={{ textDecoration: 'none' }} onClick={close}>
            <Logo />
          </Link>
          <Group gap="lg" visibleFrom="sm" component="nav" aria-label={t('nav.main')}>
            <NavLink to="/hosting" className="fh-link">
              {t('nav.hosting')}
            </NavLink>
            {account}
            <LanguagePicker />
          </Group>
          <Burger
            hiddenFrom="sm"
            opened={opened}
            onClick={toggle}
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
          />
        </Group>
        {opened && (
          <Stack component="nav" aria-label={t('nav.main')} gap="sm" py="md" hiddenFrom="sm">
            <NavLink to="/hosting" className="fh-link" onClick={close}>
              {t('nav.hosting')}
            </NavLink>
            {account}
            <LanguagePicker />
          </Stack>
        )}
      </Container>
    </Box>
  );
}
