import type { PublicPartner } from '@falkenhost/contracts/site';
import { Anchor, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Initials of a partner's name for its badge (our own drawing, no third-party logo): "Blockwerk Builders" -> "BB". */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/** The host of an address, for a short link text ("blockwerk.example"); the address itself when unparsable. */
function host(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** One partner of /partners (spec 2): name, description, website and social links. */
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
          {initials(partner.name)}
        </span>
        <div>
          <Title id={`partner-${partner.id}`} order={2} fz="lg">
            {partner.name}
          </Title>
          <Anchor href={partner.url} size="sm" c="cyan.3">
            {host(partner.url)}
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
