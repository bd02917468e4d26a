/** The public site's configured content (issue 11, part 2; contracts/site.ts): partners and company. */
import type { Language } from '@falkenhost/contracts/constants';
import type { CompanyAnswer, PartnersAnswer } from '@falkenhost/contracts/site';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/lib/api-client';

/** The page's language as the API names it (one of the five; English when unresolved). */
export function useSiteLanguage(): Language {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? 'en') as Language;
}

/** GET /api/public/site/partners?lang=: the partner cards of /partners, descriptions in the page's language. */
export function usePartners() {
  const lang = useSiteLanguage();
  return useQuery({
    queryKey: ['public', 'site', 'partners', lang],
    queryFn: async () => unwrap(await api.get<PartnersAnswer>(`/api/public/site/partners?lang=${lang}`)),
  });
}

/** GET /api/public/site/company?lang=: the company's details and the documents of /contact. */
export function useCompany() {
  const lang = useSiteLanguage();
  return useQuery({
    queryKey: ['public', 'site', 'company', lang],
    queryFn: async () => unwrap(await api.get<CompanyAnswer>(`/api/public/site/company?lang=${lang}`)),
  });
}
