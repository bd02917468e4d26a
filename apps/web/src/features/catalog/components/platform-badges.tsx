import type { PublicGame } from '@falkenhost/contracts/catalog';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconConsole, IconDesktop, IconMobile } from '@/components/icons';

/** Platform flags of a game (product.md "Public pages"). */
export function PlatformBadges({ game }: { game: Pick<PublicGame, 'desktop' | 'console' | 'mobile'> }) {
  const { t } = useTranslation('catalog');
  const flags = [
    { key: 'desktop', on: game.desktop, icon: <IconDesktop size={14} /> },
    { key: 'console', on: game.console, icon: <IconConsole size={14} /> },
    { key: 'mobile', on: game.mobile, icon: <IconMobile size={14} /> },
  ].filter((flag) => flag.on);
  return (
    <Group gap={6} role="group" aria-label={t('platforms.label')}>
      {flags.map((flag) => (
        <Badge key={flag.key} variant="light" color="gray" leftSection={flag.icon} radius="sm">
          {t(`platforms.${flag.key}`)}
        </Badge>
      ))}
    </Group>
  );
}
