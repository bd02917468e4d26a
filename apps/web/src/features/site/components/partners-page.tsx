import { Alert, Container, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePartners } from '../api/site';
import { PartnerCard } from './partner-card';

/**
 * /partners (product.md "Screens and routes"): the partner cards from the site's configuration
 * (SITE_CONTENT_DIR/partners.json).
 */
export function PartnersPage() {
  const { t } = useTranslation('site');
  const { data, isPending, isError } = usePartners();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb={4}>
        {t('partners.title')}
      </Title>
      <Text c="dark.1" mb="xl">
        {t('partners.subtitle')}
      </Text>
      {isPending ? (
        <div className="fh-card-grid" role="status" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={220} radius="lg" />
          ))}
        </div>
      ) : isError ? (
        <Alert color="red" title={t('errorTitle')}>
          {t('error')}
        </Alert>
      ) : data.partners.length === 0 ? (
        <Text c="dark.0" ta="center" py="xl">
          {t('partners.empty')}
        </Text>
      ) : (
        <div className="fh-card-grid">
          {data.partners.map((partner) => (
            <PartnerCard key={partner.id} partner={partner} />
          ))}
        </div>
      )}
    </Container>
  );
}
