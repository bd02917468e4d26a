import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconExternal } from '@/components/icons';
import { useExternalLinks } from '../api/referral';

const LINKS = ['website', 'community', 'social', 'panel'] as const;

/**
 * External links (product.md "Dashboard home"): website, chat community, social page and the game panel, with
 * the addresses configured on the server (LINK_*; GET /api/public/links). A link not configured is not shown.
 */
export function ExternalLinksCard() {
  const { t } = useTranslation('home');
  const { data } = useExternalLinks();
  const links = LINKS.filter((name) => data?.[name]);
  if (data && links.length === 0) return null;
  return (
    <Card padding="lg" bg="dark.7" component="section" aria-labelledby="links-title" data-testid="links-card">
      <Stack gap="md">
        <Title order={2} fz="h3" id="links-title">
          {t('links.title')}
        </Title>
        {/* Each button as wide as its one-line label, growing to fill its row; a row too narrow moves the
            next button down instead of wrapping a label ("Communauté de discussion", issue 44). */}
        <Group gap="sm" data-testid="links-row">
          {links.map((name) => (
            <Button
              key={name}
              component="a"
              href={data?.[name] ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              justify="space-between"
              rightSection={<IconExternal size={16} />}
              data-testid={`link-${name}`}
              style={{ flex: '1 1 auto' }}
            >
              {t(`links.${name}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
