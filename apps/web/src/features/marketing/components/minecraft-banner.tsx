import { Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Column heights (in 40-unit blocks) of the blocky hills, left to right across 1200 units. */
const HILLS = [3, 3, 4, 4, 5, 5, 5, 4, 4, 3, 3, 3, 2, 2, 3, 4, 4, 5, 6, 6, 5, 5, 4, 4, 3, 3, 4, 5, 5, 4];
const BLOCK = 40;
const HEIGHT = 320;

/** One path of the hills' outline: a step per column, closed along the bottom edge. */
const TERRAIN = `M0 ${HEIGHT}${HILLS.map((h, i) => `V${HEIGHT - h * BLOCK}H${(i + 1) * BLOCK}`).join('')}V${HEIGHT}Z`;
/** The grass layer: the top 10 units of every column. */
const GRASS = HILLS.map((h, i) => `M${i * BLOCK} ${HEIGHT - h * BLOCK}h${BLOCK}v10h-${BLOCK}z`).join('');

/**
 * A blocky landscape (our own artwork, no game assets): sky, a square sun and clouds, hills of grass,
 * dirt and stone blocks, and a tree. About twenty SVG nodes; decorative, hidden from assistive technology.
 */
function BlockyLandscape() {
  return (
    <svg
      viewBox={`0 0 1200 ${HEIGHT}`}
      preserveAspectRatio="xMidYMax slice"
      className="fh-banner-art"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="mc-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3b5bdb" />
          <stop offset="1" stopColor="#74c0fc" />
        </linearGradient>
        <pattern id="mc-blocks" width={BLOCK} height={BLOCK} patternUnits="userSpaceOnUse">
          <path d="M0 0h40v40H0z" fill="none" stroke="#000" strokeOpacity="0.18" strokeWidth="2" />
          <path d="M8 14h6v6H8zM24 26h6v6h-6z" fill="#000" fillOpacity="0.12" />
        </pattern>
      </defs>
      <rect width="1200" height={HEIGHT} fill="url(#mc-sky)" />
      <rect x="1040" y="40" width="64" height="64" fill="#ffe066" />
      <path d="M120 60h120v20h40v20H80V80h40zM620 36h100v20h40v20H580V56h40z" fill="#fff" fillOpacity="0.9" />
      <path d={TERRAIN} fill="#8d5a2b" />
      <path d={`M0 ${HEIGHT}V${HEIGHT - BLOCK}H1200V${HEIGHT}z`} fill="#868e96" />
      <path d={GRASS} fill="#5cb531" />
      <path d={TERRAIN} fill="url(#mc-blocks)" />
      <path d="M520 160h40v80h-40z" fill="#6b4423" />
      <path d="M480 80h120v80H480z" fill="#2f9e44" />
      <path d="M480 80h120v80H480z" fill="url(#mc-blocks)" />
    </svg>
  );
}

/** Home page: the Minecraft banner (product.md "Public pages"), linking to the game list. */
export function MinecraftBanner() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="minecraft-title" className="fh-banner fh-later">
      <BlockyLandscape />
      <div className="fh-banner-content">
        <p className="fh-pill">{t('minecraft.eyebrow')}</p>
        <Title id="minecraft-title" order={2} c="white">
          {t('minecraft.title')}
        </Title>
        <Text c="gray.2" m={0}>
          {t('minecraft.text')}
        </Text>
        <Button component={Link} to="/hosting" size="md" w="fit-content">
          {t('minecraft.cta')}
        </Button>
      </div>
    </section>
  );
}
