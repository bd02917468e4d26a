import type { PublicGame } from '@falkenhost/contracts/catalog';
import { Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '@/lib/format';
import { PlatformBadges } from './platform-badges';

export function GameCard({ game }: { game: PublicGame }) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  return (
    <Card
      component={Link}
      to={`/game/${game.id}`}
      padding="lg"
      className="fh-card-hover"
      bg="dark.7"
      aria-label={t('games.open', { name: game.name })}
      data-testid="game-card"
    >
      <Card.Section>
        <Image src={game.image_url} alt={t('games.imageAlt', { name: game.name })} h={170} fit="cover" />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Title order={2} fz="lg">
          {game.name}
        </Title>
        <Group justify="space-between" align="center">
          <Text size="sm" c="dark.0">
            {game.minPrice === null
              ? t('games.noPrice')
              : t('games.fromPrice', { price: format.whole(game.minPrice) })}
          </Text>
        </Group>
        <PlatformBadges game={game} />
      </Stack>
    </Card>
  );
}
