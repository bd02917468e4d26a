import type { DashboardSection, Role } from '@falkenhost/contracts/constants';
import { SECTION_PATHS } from '@falkenhost/contracts/dashboard-addresses';
import { Box, NavLink, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  IconCart,
  IconChart,
  IconExternal,
  IconHome,
  IconServer,
  IconSettings,
  IconUsers,
} from '@/components/icons';
import { LanguagePicker } from '@/components/language-picker';

interface Item {
  section: DashboardSection;
  icon: ReactNode;
}

const GROUPS: { key: 'customer' | 'admin' | 'master'; roles: Role[]; items: Item[] }[] = [
  {
    key: 'customer',
    roles: ['customer', 'admin', 'master'],
    items: [
      { section: 'home', icon: <IconHome size={18} /> },
      { section: 'customer_servers', icon: <IconServer size={18} /> },
      { section: 'customer_store', icon: <IconCart size={18} /> },
    ],
  },
  {
    key: 'admin',
    roles: ['admin', 'master'],
    items: [
      // The overview first: how the business is doing (issue 31).
      { section: 'admin_overview', icon: <IconChart size={18} /> },
      { section: 'admin_servers', icon: <IconServer size={18} /> },
      { section: 'admin_store', icon: <IconCart size={18} /> },
    ],
  },
  // The users section is for master only (authorization.md "Roles").
  { key: 'master', roles: ['master'], items: [{ section: 'master_users', icon: <IconUsers size={18} /> }] },
];

/** Whether the menu offers `section` to `role` (settings: everyone); other sections show 'Choose a section'. */
export function canOpenSection(role: Role, section: DashboardSection): boolean {
  if (section === 'settings') return true;
  return GROUPS.some((g) => g.roles.includes(role) && g.items.some((item) => item.section === section));
}

interface Props {
  role: Role;
  active: DashboardSection;
  /** a section was chosen (the narrow screen's menu closes) */
  onSelect: () => void;
}

/**
 * The side menu: customer, admin and master groups, then settings and 'go to main page' (product.md
 * "Screens and routes"); each item a link to its section's address (decision 431).
 */
export function NavMenu({ role, active, onSelect }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    // A native scroll box, not Mantine's ScrollArea: that measures itself and renders again right after
    // hydration, one more synchronous pass of a phone's start-up (decision 091).
    <Box h="100%" style={{ overflowY: 'auto', scrollbarWidth: 'thin' }}>
      <Stack gap="lg" p="md" component="nav" aria-label={t('menu.label')}>
        {GROUPS.filter((group) => group.roles.includes(role)).map((group) => (
          <Stack key={group.key} gap={4}>
            <Text size="xs" tt="uppercase" fw={700} c="dark.1" px="sm" style={{ letterSpacing: '0.08em' }}>
              {t(`menu.groups.${group.key}`)}
            </Text>
            {group.items.map((item) => (
              <NavLink
                key={item.section}
                component={Link}
                to={SECTION_PATHS[item.section]}
                label={t(`sections.${item.section}`)}
                leftSection={item.icon}
                active={active === item.section}
                aria-current={active === item.section ? 'page' : undefined}
                onClick={onSelect}
                variant="light"
                style={{ borderRadius: 8 }}
              />
            ))}
          </Stack>
        ))}
        <Stack gap={4}>
          <Text size="xs" tt="uppercase" fw={700} c="dark.1" px="sm" style={{ letterSpacing: '0.08em' }}>
            {t('menu.groups.account')}
          </Text>
          <NavLink
            component={Link}
            to={SECTION_PATHS.settings}
            label={t('sections.settings')}
            leftSection={<IconSettings size={18} />}
            active={active === 'settings'}
            aria-current={active === 'settings' ? 'page' : undefined}
            onClick={onSelect}
            variant="light"
            style={{ borderRadius: 8 }}
          />
          <NavLink
            component={Link}
            to="/"
            label={t('menu.mainPage')}
            leftSection={<IconExternal size={18} />}
            style={{ borderRadius: 8 }}
          />
          <Box hiddenFrom="sm" px="sm" pt="sm">
            <LanguagePicker />
          </Box>
        </Stack>
      </Stack>
    </Box>
  );
}
