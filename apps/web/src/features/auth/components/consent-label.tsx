import type { Language } from '@falkenhost/contracts/constants';
import type { SiteDocument } from '@falkenhost/contracts/site';
import { Anchor } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useSiteDocuments } from '../api/auth';

/**
 * The label of a consent checkbox of /register, with the document's name linked to the document in the
 * page's language (the one /contact offers). The link opens in a new tab, so the form keeps what was
 * typed; without that document (a site configured without it, or still loading) it links /contact.
 */
export function ConsentLabel({ document, i18nKey }: { document: SiteDocument; i18nKey: string }) {
  const { t, i18n } = useTranslation('auth');
  const documents = useSiteDocuments((i18n.resolvedLanguage ?? 'en') as Language);
  const href = documents.data?.find((entry) => entry.id === document)?.url ?? '/contact';
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      components={{
        doc: (
          <Anchor
            inherit
            href={href}
            target="_blank"
            rel="noopener"
            c="falken.3"
            underline="always"
            data-testid={`consent-${document}`}
          />
        ),
      }}
    />
  );
}
