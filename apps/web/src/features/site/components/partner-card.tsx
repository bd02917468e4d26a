import { linkHost, type PublicPartner, partnerInitials } from '@falkenhost/contracts/site';
import { Anchor, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * One partner of /partners (product.md "Screens and routes"): name, description, website and social links.
 */
export function PartnerCard({ partner }: { partner: PublicPartner }) {
  const { t } = useTranslation('site');
  return (
    <article
      className="fh-feature fh-partner"
      data-testid="partner-card"
      aria-labelledby={`partner-${partner.id}`}
    >
      <div className="fh-partner-head">
        <span className="fh-partner-badge" aria-hidden="true">
          {partnerInitials(partner.name)}
        </span>
        <div>
          <Title id={`partner-${partner.id}`} order={2} fz="lg">
            {partner.name}
          </Title>
          <Anchor href={partner.url} size="sm" c="cyan.3">
            {linkHost(partner.url)}
          </Anchor>
        </div>
      </div>
      <Text size="sm" c="dark.0" m={0}>
        {partner.description}
      </Text>
      {partner.social.length > 0 && (
        <ul className="fh-social" aria-label={t('partners.social', { name: partner.name })}>
          {partner.social.map((link) => (
            <li key={link.url}>
              <a
                href={link.url}
                className="fh-social-link"
                aria-label={t('partners.socialLink', {
                  name: partner.name,
                  network: t(`networks.${link.network}`),
                })}
              >
                {t(`networks.${link.network}`)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
