import { Box, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A ring gauge of the illustration: `value` percent of the circle, in `color`. */
function Ring({ x, value, color }: { x: number; value: number; color: string }) {
  const length = 2 * Math.PI * 22;
  return (
    <g transform={`translate(${x} 150)`}>
      <rect x="-38" y="-38" width="76" height="92" rx="10" fill="#1d1e30" />
      <circle r="22" fill="none" stroke="#34354a" strokeWidth="7" />
      <circle
        r="22"
        fill="none"
        stroke={color}
        strokeWidth="7"
        strokeLinecap="round"
        strokeDasharray={`${(length * value) / 100} ${length}`}
        transform="rotate(-90)"
      />
      <rect x="-18" y="36" width="36" height="6" rx="3" fill="#4d4f66" />
    </g>
  );
}

/**
 * Our own drawing of the customer dashboard's server view: window bar, menu, status, power buttons,
 * CPU, memory and disk gauges and console lines. Decorative: the list beside it says the same in words.
 */
function PanelArt() {
  return (
    <svg viewBox="0 0 480 330" width="100%" aria-hidden="true" focusable="false" className="fh-panel-art">
      <rect width="480" height="330" rx="16" fill="#0c0d21" stroke="#34354a" strokeWidth="2" />
      <path d="M1 40h478" stroke="#34354a" strokeWidth="2" />
      <circle cx="22" cy="20" r="6" fill="#fa5252" />
      <circle cx="42" cy="20" r="6" fill="#fab005" />
      <circle cx="62" cy="20" r="6" fill="#40c057" />
      <rect x="16" y="56" width="92" height="258" rx="10" fill="#1d1e30" />
      <rect x="26" y="70" width="72" height="18" rx="6" fill="#683bd9" />
      <path
        d="M30 108h56M30 132h48M30 156h60M30 180h40"
        stroke="#4d4f66"
        strokeWidth="8"
        strokeLinecap="round"
      />
      <rect x="122" y="56" width="342" height="50" rx="10" fill="#1d1e30" />
      <circle cx="142" cy="81" r="6" fill="#40c057" />
      <rect x="156" y="76" width="110" height="10" rx="5" fill="#acaebf" />
      <rect x="330" y="68" width="38" height="26" rx="6" fill="#2f9e44" />
      <rect x="374" y="68" width="38" height="26" rx="6" fill="#f08c00" />
      <rect x="418" y="68" width="38" height="26" rx="6" fill="#e03131" />
      <Ring x={172} value={42} color="#22b8cf" />
      <Ring x={262} value={68} color="#7b54de" />
      <Ring x={352} value={25} color="#40c057" />
      <rect x="410" y="112" width="54" height="92" rx="10" fill="#1d1e30" />
      <path d="M422 190V170M434 190V150M446 190V162" stroke="#22b8cf" strokeWidth="6" strokeLinecap="round" />
      <rect x="122" y="216" width="342" height="98" rx="10" fill="#01010a" stroke="#2b2c3d" />
      <path
        d="M136 236h140M136 254h200M136 272h120M136 290h170"
        stroke="#40c057"
        strokeOpacity="0.75"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <rect x="312" y="285" width="10" height="12" fill="#d5d7e0" />
    </svg>
  );
}

/** Home page: the control-panel section (product.md "Public pages"): an illustration and four features. */
export function PanelShowcase() {
  const { t } = useTranslation('home');
  const points = ['power', 'gauges', 'panel', 'schedules'] as const;
  return (
    <Box component="section" aria-labelledby="panel-title" py={56} className="fh-band fh-later">
      <Container size="lg">
        <Box className="fh-split fh-split-reverse">
          <div>
            <Title id="panel-title" order={2} mb="md">
              {t('panel.title')}
            </Title>
            <Text c="dark.0" mb="lg">
              {t('panel.text')}
            </Text>
            <ul className="fh-checklist">
              {points.map((point) => (
                <li key={point}>{t(`panel.points.${point}`)}</li>
              ))}
            </ul>
          </div>
          <PanelArt />
        </Box>
      </Container>
    </Box>
  );
}
