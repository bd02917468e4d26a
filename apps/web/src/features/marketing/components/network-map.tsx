import { Box, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A dot map of Europe (our own artwork: one dot per 0.8 degree of latitude, drawn from a simplified
 * coastline), `#` land, `G` Germany, `.` sea. Kept as text and turned into two SVG paths, so the map costs
 * about 1.5 KB and a handful of DOM nodes.
 */
const EUROPE = [
  '........................########..',
  '......................############',
  '.....................#############',
  '....................##############',
  '...................###############',
  '..................################',
  '..................#######.########',
  '.................########..#######',
  '................########..########',
  '..............#########..#########',
  '.............#########...#########',
  '............##########...#########',
  '............##########...#########',
  '.............##########........###',
  '.............#########.....#######',
  '....##........#..#####.....#######',
  '....###.........#.###....#.#######',
  '....###........#..###....#########',
  '....###........##.##.....#########',
  '...#.##........##.......##########',
  '..##..##.......GG.G..#############',
  '.###..###.....GGGGG###############',
  '.###.#####..##GGGGGG##############',
  '.##..#####..#GGGGGGG##############',
  '.....####.###GGGGGGG##############',
  '....#....####GGGGG################',
  '.......######GGGGGG###############',
  '.......########GGGG###############',
  '......########GGGGG###############',
  '.......###########################',
  '.......#########################.#',
  '........##########.############...',
  '.......###########..###########...',
  '.......#######..##...#########....',
  '.##########......##...########....',
  '.##########....#.###...#######....',
  '..########.....#..###..########...',
  '..#######......#....##..#####.....',
  '.########......#........##........',
  '.#######.......#........###.......',
  '.#######............#....##.......',
  '.#######...........#.....#........',
  '...####...........................',
  '..................................',
  '...........................#......',
];
const DOT = 10;
/** Falkenstein/Vogtland (50.48 N, 12.37 E) in the map's units */
const FALKENSTEIN = { x: 180, y: 253 };

function dots(mark: string): string {
  let d = '';
  EUROPE.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === mark) d += `M${x * DOT + 5} ${y * DOT + 5}h0`;
  });
  return d;
}
let paths: { land: string; germany: string } | undefined;
/** The map's two paths, drawn on first use rather than when the module is evaluated: the home page is in
 * the entry script, so every page's start-up would pay for them (decision 091). */
function mapPaths(): { land: string; germany: string } {
  paths ??= { land: dots('#'), germany: dots('G') };
  return paths;
}

/**
 * Home page: the network map with the one location, Falkenstein, Germany (product.md "What the product does",
 * "Screens and routes").
 */
export function NetworkMap() {
  const { t } = useTranslation('home');
  const facts = ['location', 'ddos', 'europe'] as const;
  const { land, germany } = mapPaths();
  return (
    <Container size="lg" component="section" aria-labelledby="network-title" py={56} className="fh-later">
      <Box className="fh-split">
        <div>
          <Title id="network-title" order={2} mb="md">
            {t('network.title')}
          </Title>
          <Text c="dark.0" mb="lg">
            {t('network.text')}
          </Text>
          <ul className="fh-checklist">
            {facts.map((fact) => (
              <li key={fact}>{t(`network.facts.${fact}`)}</li>
            ))}
          </ul>
        </div>
        <figure className="fh-map">
          <svg
            viewBox="0 0 340 450"
            width="100%"
            role="img"
            aria-labelledby="network-map-title"
            className="fh-map-svg"
          >
            <title id="network-map-title">{t('network.mapTitle')}</title>
            <path d={land} className="fh-map-land" />
            <path d={germany} className="fh-map-germany" />
            <circle cx={FALKENSTEIN.x} cy={FALKENSTEIN.y} r="16" className="fh-map-pulse" />
            <circle cx={FALKENSTEIN.x} cy={FALKENSTEIN.y} r="7" className="fh-map-marker" />
          </svg>
          <figcaption className="fh-map-caption">
            <span className="fh-map-dot" aria-hidden="true" />
            {t('network.mapLabel')}
          </figcaption>
        </figure>
      </Box>
    </Container>
  );
}
