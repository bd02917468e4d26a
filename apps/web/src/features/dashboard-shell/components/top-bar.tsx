import type { SessionUser } from '@falkenhost/contracts/auth';
import { ActionIcon, Box, Burger, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AfterHydration } from '@/components/after-hydration';
import { IconLogout, IconSettings } from '@/components/icons';
import { LanguagePicker } from '@/components/language-picker';
import { Logo } from '@/components/logo';
import { CreditBalance } from './credit-balance';

/** The side menu's open state on narrow screens (below Mantine's `sm`, AppShell's breakpoint) and wide ones. */
export interface MenuState {
  mobileOpened: boolean;
  desktopOpened: boolean;
  toggleMobile: () => void;
  toggleDesktop: () => void;
}

interface Props {
  user: SessionUser;
  menu: MenuState;
  onOpenSettings: () => void;
  onLogout: () => void;
}

/**
 * Top bar: language picker, credit balance, username (opens settings), logout (product.md
 * "Screens and routes"). On phones (below Mantine's `xs`, 576 px) the username and logout move into an
 * account menu, so the balance and the whole username are shown however long they are.
 */
export function TopBar({ user, menu, onOpenSettings, onLogout }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap">
        {/* One burger per breakpoint, each shown by CSS: the server's HTML is right at any width. */}
        <Burger
          hiddenFrom="sm"
          opened={menu.mobileOpened}
          onClick={menu.toggleMobile}
          size="sm"
          aria-label={menu.mobileOpened ? t('menu.close') : t('menu.open')}
          aria-expanded={menu.mobileOpened}
        />
        <Burger
          visibleFrom="sm"
          opened={menu.desktopOpened}
          onClick={menu.toggleDesktop}
          size="sm"
          aria-label={menu.desktopOpened ? t('menu.close') : t('menu.open')}
          aria-expanded={menu.desktopOpened}
        />
        <Box visibleFrom="xs">
          <Logo size={28} />
        </Box>
      </Group>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Box visibleFrom="sm">
          <LanguagePicker />
        </Box>
        <CreditBalance />
        <Button
          visibleFrom="xs"
          variant="subtle"
          color="gray"
          onClick={onOpenSettings}
          px="sm"
          maw={{ base: 200, md: 360 }}
          aria-label={t('topBar.settingsOf', { username: user.username })}
        >
          {/* The button's line height is 1: its truncation would clip the underscore of a username. */}
          <Text span inherit truncate="end" lh={1.4}>
            {user.username}
          </Text>
        </Button>
        <AfterHydration wrap={(button) => <Tooltip label={t('topBar.logout')}>{button}</Tooltip>}>
          <ActionIcon
            visibleFrom="xs"
            variant="light"
            color="red"
            size="lg"
            onClick={onLogout}
            aria-label={t('topBar.logout')}
          >
            <IconLogout size={18} />
          </ActionIcon>
        </AfterHydration>
        <Box hiddenFrom="xs">
          <AccountMenu username={user.username} onOpenSettings={onOpenSettings} onLogout={onLogout} />
        </Box>
      </Group>
    </Group>
  );
}

/** The phone's account menu: the whole username (opening the settings) and logout. */
function AccountMenu({
  username,
  onOpenSettings,
  onLogout,
}: {
  username: string;
  onOpenSettings: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <AfterHydration
      wrap={(button) => (
        <Menu position="bottom-end" width={240} withinPortal>
          <Menu.Target>{button}</Menu.Target>
          <Menu.Dropdown>
            {/* the username opens the settings, as the username button of wider screens does */}
            <Menu.Item
              leftSection={<IconSettings size={16} />}
              onClick={onOpenSettings}
              aria-label={t('topBar.settingsOf', { username })}
              style={{ overflowWrap: 'anywhere' }}
            >
              {username}
            </Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout}>
              {t('topBar.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    >
      <ActionIcon
        variant="light"
        size="lg"
        radius="xl"
        aria-label={t('topBar.accountMenu', { username })}
        data-testid="account-menu"
      >
        <Text span fw={700} aria-hidden="true">
          {username.slice(0, 1).toUpperCase()}
        </Text>
      </ActionIcon>
    </AfterHydration>
  );
}
