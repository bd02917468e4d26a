import type { PublicGame } from '@falkenhost/contracts/catalog';
import { Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '@/lib/format';
import { PlatformBadges } from './platform-badges';

/**
 * A game of /hosting (product.md "Screens and routes"): the whole card links to /game/{id}. The link is named
 * by the game's name alone (its heading) and described by the price, and the artwork is decorative, so a
 * screen reader hears the name once; `fh-card-link` draws the keyboard focus ring.
 */
export function GameCard({ game }: { game: PublicGame }) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const id = useId();
  return (
    <Card
      component={Link}
      to={`/game/${game.id}`}
      padding="lg"
      className="fh-card-hover fh-card-link"
      bg="dark.7"
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-price`}
      data-testid="game-card"
    >
      <Card.Section>
        <Image src={game.image_url} alt="" h={170} fit="cover" />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Title order={2} fz="lg" id={`${id}-name`}>
          {game.name}
        </Title>
        <Group justify="space-between" align="center">
          <Text size="sm" c="dark.0" id={`${id}-price`}>
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
