import type { CompanyAnswer, SiteDocumentEntry } from '@falkenhost/contracts/site';
import { Alert, Anchor, Container, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompany, useSiteLanguage } from '../api/site';

/** The name of a language in the page's language ("English", "angličtina", "Englisch"). */
function languageName(code: string, inLanguage: string): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function CompanyDetails({ company }: { company: CompanyAnswer }) {
  const { t } = useTranslation('site');
  return (
    <section className="fh-feature fh-panel" aria-labelledby="company-title">
      <Title id="company-title" order={2} fz="xl" mb="md">
        {t('contact.company')}
      </Title>
      <dl className="fh-details" data-testid="company-details">
        <dt>{t('contact.name')}</dt>
        <dd>{company.name}</dd>
        <dt>{t('contact.address')}</dt>
        <dd>
          {company.addressLines.map((line) => (
            <span key={line} className="fh-line">
              {line}
            </span>
          ))}
        </dd>
        <dt>{t('contact.companyId')}</dt>
        <dd>{company.companyId}</dd>
        <dt>{t('contact.email')}</dt>
        <dd>
          <Anchor href={`mailto:${company.email}`} c="cyan.3">
            {company.email}
          </Anchor>
        </dd>
        <dt>{t('contact.vat')}</dt>
        <dd>{t('contact.notVatPayer')}</dd>
      </dl>
    </section>
  );
}

function DocumentRow({ document }: { document: SiteDocumentEntry }) {
  const { t } = useTranslation('site');
  const page = useSiteLanguage();
  const meta = [
    t(`formats.${document.format}`),
    document.language === page ? null : languageName(document.language, page),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="fh-document" data-testid="document">
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        className="fh-document-icon"
      >
        <path
          d="M6 2h8l5 5v15H6zM14 2v5h5M9 13h7M9 17h7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <div>
        <a href={document.url} download className="fh-document-link">
          {t(`documents.${document.id}`)}
        </a>
        <Text size="xs" c="dark.1" m={0}>
          {meta}
        </Text>
      </div>
    </li>
  );
}

/**
 * /contact (product.md "Screens and routes"): the company's details (SUPPLIER_*) and the documents offered
 * for download.
 */
export function ContactPage() {
  const { t } = useTranslation('site');
  const { data, isPending, isError } = useCompany();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb={4}>
        {t('contact.title')}
      </Title>
      <Text c="dark.1" mb="xl">
        {t('contact.subtitle')}
      </Text>
      {isPending ? (
        <div className="fh-split" role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton h={260} radius="lg" />
          <Skeleton h={260} radius="lg" />
        </div>
      ) : isError ? (
        <Alert color="red" title={t('errorTitle')}>
          {t('error')}
        </Alert>
      ) : (
        <div className="fh-split fh-split-top">
          <CompanyDetails company={data} />
          <section className="fh-feature fh-panel" aria-labelledby="documents-title">
            <Title id="documents-title" order={2} fz="xl" mb="md">
              {t('contact.documents')}
            </Title>
            {data.documents.length === 0 ? (
              <Text c="dark.0">{t('contact.noDocuments')}</Text>
            ) : (
              <ul className="fh-documents">
                {data.documents.map((document) => (
                  <DocumentRow key={document.id} document={document} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Container>
  );
}
