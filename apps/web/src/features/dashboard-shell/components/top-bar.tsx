import type { SessionUser } from '@falkenhost/contracts/auth';
import { ActionIcon, Box, Burger, Button, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconLogout } from '@/components/icons';
import { LanguagePicker } from '@/components/language-picker';
import { Logo } from '@/components/logo';
import { CreditBalance } from './credit-balance';

interface Props {
  user: SessionUser;
  menuOpened: boolean;
  onToggleMenu: () => void;
  onOpenSettings: () => void;
  onLogout: () => void;
}

/** Top bar: language picker, credit balance, username (opens settings), logout (spec 2). */
export function TopBar({ user, menuOpened, onToggleMenu, onOpenSettings, onLogout }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          size="sm"
          aria-label={menuOpened ? t('menu.close') : t('menu.open')}
          aria-expanded={menuOpened}
        />
        <Box visibleFrom="xs">
          <Logo size={28} />
        </Box>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Box visibleFrom="sm">
          <LanguagePicker />
        </Box>
        <CreditBalance />
        <Button
          variant="subtle"
          color="gray"
          onClick={onOpenSettings}
          px={{ base: 6, xs: 'sm' }}
          maw={{ base: 110, xs: 220 }}
          aria-label={t('topBar.settingsOf', { username: user.username })}
        >
          <Text span inherit truncate="end">
            {user.username}
          </Text>
        </Button>
        <Tooltip label={t('topBar.logout')}>
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            onClick={onLogout}
            aria-label={t('topBar.logout')}
          >
            <IconLogout size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
