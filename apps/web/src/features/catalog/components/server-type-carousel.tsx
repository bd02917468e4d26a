import '@mantine/carousel/styles.css';
import { CAROUSEL_MS, MINECRAFT_SERVER_TYPES } from '@falkenhost/contracts/constants';
import { Carousel } from '@mantine/carousel';
import { Center, Title } from '@mantine/core';
import Autoplay from 'embla-carousel-autoplay';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerTypeBadge } from './server-type-badge';

/** Minecraft server types, auto-scrolling every CAROUSEL_MS (spec 2 "/game/{gameId}"). */
export function ServerTypeCarousel() {
  const { t } = useTranslation('catalog');
  const autoplay = useRef(Autoplay({ delay: CAROUSEL_MS, stopOnInteraction: false, stopOnMouseEnter: true }));
  return (
    <section aria-labelledby="server-types-title">
      <Title id="server-types-title" order={2} fz="lg" mb="sm">
        {t('serverTypes.title')}
      </Title>
      <Carousel
        slideSize={{ base: '50%', sm: '33.333%', md: '20%' }}
        slideGap="md"
        emblaOptions={{ loop: true, align: 'start' }}
        plugins={[autoplay.current]}
        withIndicators={false}
        previousControlProps={{ 'aria-label': t('serverTypes.previous') }}
        nextControlProps={{ 'aria-label': t('serverTypes.next') }}
        data-testid="server-type-carousel"
      >
        {MINECRAFT_SERVER_TYPES.map((type) => (
          <Carousel.Slide key={type}>
            <Center>
              <ServerTypeBadge type={type} />
            </Center>
          </Carousel.Slide>
        ))}
      </Carousel>
    </section>
  );
}
