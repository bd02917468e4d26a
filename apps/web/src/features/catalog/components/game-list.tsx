import { Alert, Container, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGames } from '../api/catalog';
import { GameCard } from './game-card';

/** /hosting: every active game with its starting price and platforms (product.md "Screens and routes"). */
export function GameList() {
  const { t } = useTranslation('catalog');
  const { data: games, isPending, isError } = useGames();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb={4}>
        {t('games.title')}
      </Title>
      <Text c="dark.1" mb="xl">
        {t('games.subtitle')}
      </Text>
      {isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="lg"
          role="status"
          aria-busy="true"
          aria-label={t('games.loading')}
        >
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={290} radius="lg" />
          ))}
        </SimpleGrid>
      ) : isError ? (
        <Alert color="red" title={t('games.errorTitle')}>
          {t('games.error')}
        </Alert>
      ) : games.length === 0 ? (
        <Text c="dark.0" ta="center" py="xl">
          {t('games.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {games.map((game) => (
            <GameCard key={game.id} game={game} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
