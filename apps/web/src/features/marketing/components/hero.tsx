import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Decorative server rack with glowing status lights; pure SVG so the home page stays light. */
function HeroArt() {
  return (
    <svg viewBox="0 0 420 320" width="100%" role="presentation" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-a" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7b54de" />
          <stop offset="1" stopColor="#22b8cf" />
        </linearGradient>
        <radialGradient id="hero-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#7b54de" stopOpacity="0.55" />
          <stop offset="1" stopColor="#7b54de" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="210" cy="160" r="160" fill="url(#hero-glow)" />
      {[0, 1, 2, 3].map((row) => (
        <g key={row} transform={`translate(90 ${50 + row * 56})`}>
          <rect width="240" height="44" rx="10" fill="#1d1e30" stroke="url(#hero-a)" strokeWidth="2" />
          <rect x="16" y="14" width="110" height="6" rx="3" fill="#34354a" />
          <rect x="16" y="25" width={60 + row * 14} height="6" rx="3" fill="url(#hero-a)" />
          <circle cx="196" cy="22" r="5" fill={row === 2 ? '#fab005' : '#40c057'} />
          <circle cx="216" cy="22" r="5" fill="#22b8cf" opacity="0.8" />
        </g>
      ))}
      <path
        d="M40 280 L120 250 L180 268 L260 236 L380 262"
        stroke="url(#hero-a)"
        strokeWidth="3"
        fill="none"
      />
      <circle cx="260" cy="236" r="6" fill="#22b8cf" />
    </svg>
  );
}

export function Hero() {
  const { t } = useTranslation('home');
  return (
    <Box component="section" py={{ base: 48, md: 88 }} aria-labelledby="hero-title">
      <Container size="lg">
        <Box className="fh-hero-grid">
          <Stack gap="lg" justify="center">
            <span className="fh-pill">{t('hero.badge')}</span>
            <Title id="hero-title" order={1} fz={{ base: 36, sm: 48, md: 56 }} lh={1.05}>
              {t('hero.titleStart')} <span className="fh-gradient-text">{t('hero.titleAccent')}</span>
            </Title>
            <Text fz="lg" c="dark.0" maw={520}>
              {t('hero.subline')}
            </Text>
            <Group gap="md">
              <Button
                component={Link}
                to="/hosting"
                size="lg"
                variant="gradient"
                gradient={{ from: 'falken.7', to: 'cyan.8', deg: 135 }}
              >
                {t('hero.cta')}
              </Button>
              <Button component={Link} to="/register" size="lg" variant="default">
                {t('hero.secondary')}
              </Button>
            </Group>
            <Group gap="xl" mt="sm">
              <Stack gap={0}>
                <Text fw={800} fz="xl">
                  {t('hero.ratingValue')}
                </Text>
                <Text size="sm" c="dark.1">
                  {t('hero.rating')}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text fw={800} fz="xl">
                  {t('hero.ddosValue')}
                </Text>
                <Text size="sm" c="dark.1">
                  {t('hero.ddos')}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text fw={800} fz="xl">
                  {t('hero.locationValue')}
                </Text>
                <Text size="sm" c="dark.1">
                  {t('hero.location')}
                </Text>
              </Stack>
            </Group>
          </Stack>
          <Box visibleFrom="sm">
            <HeroArt />
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
