import type { PublicPackage } from '@falkenhost/contracts/catalog';
import { dashboardPath } from '@falkenhost/contracts/dashboard-addresses';
import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { savePendingPackage } from '@/lib/pending-package';
import { useGamePackages } from '../api/catalog';
import { PackageCard } from './package-card';
import { PlatformBadges } from './platform-badges';
import { ServerTypeCarousel } from './server-type-carousel';

/** /game/{gameId}: the game's packages (product.md "Screens and routes"). */
export function GamePackages({ gameId }: { gameId: number }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const { data, isPending, isError } = useGamePackages(gameId);

  const order = (pkg: PublicPackage) => {
    savePendingPackage({ packageId: pkg.id, gameId: pkg.game_id, name: pkg.name });
    // The shop at the game's address: a guest comes back to it after the login (decision 432).
    navigate(dashboardPath('customer_store', pkg.game_id));
  };

  if (isPending && Number.isInteger(gameId) && gameId > 0) {
    return (
      <Container size="lg" py="xl" aria-busy="true">
        <Skeleton h={180} radius="lg" mb="lg" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={320} radius="lg" />
          ))}
        </SimpleGrid>
      </Container>
    );
  }

  if (isError || !data) {
    return (
      <Container size="sm" py={80}>
        <Stack align="center" gap="md">
          <Title order={1}>{t('game.notFound')}</Title>
          <Button component={Link} to="/hosting">
            {t('game.back')}
          </Button>
        </Stack>
      </Container>
    );
  }

  const { game, packages } = data;
  return (
    <>
      {/* At least 180/240 px high, taller when a long title wraps (French on a phone), never cut. */}
      <Box
        pos="relative"
        mih={{ base: 180, sm: 240 }}
        style={{ overflow: 'hidden', display: 'flex', alignItems: 'flex-end' }}
      >
        <Image
          src={game.image_url}
          alt=""
          pos="absolute"
          inset={0}
          w="100%"
          h="100%"
          fit="cover"
          style={{ filter: 'brightness(0.55)' }}
        />
        <Container size="lg" pos="relative" w="100%" pt="xl">
          <Stack gap="xs" pb="lg">
            <Anchor component={Link} to="/hosting" c="gray.3" size="sm">
              {t('game.backShort')}
            </Anchor>
            <Title order={1} c="white">
              {t('game.title', { name: game.name })}
            </Title>
            <PlatformBadges game={game} />
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          {game.name === 'Minecraft' && <ServerTypeCarousel />}
          {packages.length === 0 ? (
            <Stack align="center" gap="md" py="xl">
              <Text fz="lg" ta="center">
                {t('game.noPackages')}
              </Text>
              <Button component={Link} to="/hosting" variant="light">
                {t('game.back')}
              </Button>
            </Stack>
          ) : (
            <section aria-labelledby="packages-title">
              <Group justify="space-between" mb="md">
                <Title id="packages-title" order={2} fz="xl">
                  {t('packages.title')}
                </Title>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                {packages.map((pkg) => (
                  <PackageCard key={pkg.id} pkg={pkg} onOrder={order} />
                ))}
              </SimpleGrid>
            </section>
          )}
        </Stack>
      </Container>
    </>
  );
}
