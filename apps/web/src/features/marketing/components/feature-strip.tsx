import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCpu, IconDisk, IconRocket, IconShield, IconSupport } from '@/components/marketing-icons';

const FEATURES: { key: string; icon: ReactNode; color: string }[] = [
  { key: 'ssd', icon: <IconDisk size={22} />, color: 'falken' },
  { key: 'ddos', icon: <IconShield size={22} />, color: 'cyan' },
  { key: 'setup', icon: <IconRocket size={22} />, color: 'grape' },
  { key: 'cpu', icon: <IconCpu size={22} />, color: 'teal' },
  { key: 'support', icon: <IconSupport size={22} />, color: 'indigo' },
];

/** The five feature cards of the home page (product.md "Public pages"). */
export function FeatureStrip() {
  const { t } = useTranslation('home');
  return (
    <Container size="lg" component="section" aria-labelledby="features-title" pb={64}>
      <Title id="features-title" order={2} ta="center" mb="xl">
        {t('features.title')}
      </Title>
      <Box className="fh-feature-grid">
        {FEATURES.map((feature) => (
          <Box key={feature.key} p="lg" className="fh-card-hover fh-feature">
            <Box
              className="fh-feature-icon"
              style={{
                color: `var(--mantine-color-${feature.color}-3)`,
                background: `var(--mantine-color-${feature.color}-light)`,
              }}
            >
              {feature.icon}
            </Box>
            <Title order={3} fz="md" mb={6}>
              {t(`features.${feature.key}.title`)}
            </Title>
            <Text size="sm" c="dark.1">
              {t(`features.${feature.key}.text`)}
            </Text>
          </Box>
        ))}
      </Box>
    </Container>
  );
}
