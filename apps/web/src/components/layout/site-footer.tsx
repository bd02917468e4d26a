import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';

/**
 * The site's footer. Always rendered (no `fh-later`): an estimated height would change to the real one as it
 * scrolls into view, and a link aimed at there would have moved under the pointer.
 */
export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <Box component="footer" mt="xl" py="xl" style={{ borderTop: '1px solid var(--mantine-color-dark-5)' }}>
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap={6} maw={360}>
            <Logo size={26} />
            <Text size="sm" c="dark.1">
              {t('footer.tagline')}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} size="sm">
              {t('footer.product')}
            </Text>
            <Anchor component={Link} to="/hosting" size="sm" c="dark.0">
              {t('nav.hosting')}
            </Anchor>
            <Anchor component={Link} to="/dashboard" size="sm" c="dark.0">
              {t('nav.dashboard')}
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} size="sm">
              {t('footer.company')}
            </Text>
            <Anchor component={Link} to="/partners" size="sm" c="dark.0">
              {t('nav.partners')}
            </Anchor>
            <Anchor component={Link} to="/contact" size="sm" c="dark.0">
              {t('nav.contact')}
            </Anchor>
            <Text size="sm" c="dark.1">
              {t('footer.location')}
            </Text>
            <Text size="sm" c="dark.1">
              {t('footer.vat')}
            </Text>
          </Stack>
        </Group>
        <Text size="xs" c="dark.1" mt="xl">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
