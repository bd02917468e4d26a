/**
 * The public site's configurable content (product.md "Public pages" and "/contact"; issue 11, part 2): the
 * three partner cards, the company's details and the documents offered for download. The content comes from
 * the operator's SITE_CONTENT_DIR (docs/operations.md "Site content"); the company from SUPPLIER_*.
 *
 * - `GET /api/public/site/partners?lang=` answers `partnersAnswer`
 * - `GET /api/public/site/company?lang=` answers `companyAnswer`
 * - `GET /api/public/site/documents/:lang/:document` answers the file itself, or 404 `{ reason: 'not-found' }`
 */
import { z } from 'zod';
import { LANGUAGES } from './constants';

/**
 * The documents /contact offers (product.md "Screens and routes"): general terms, privacy policy, security
 * incidents, AML policy.
 */
export const SITE_DOCUMENTS = [
  'general-terms',
  'privacy-policy',
  'security-incidents',
  'aml-policy',
] as const;
export type SiteDocument = (typeof SITE_DOCUMENTS)[number];

/** File formats a document may have, by extension, in the order they are looked for. */
export const SITE_DOCUMENT_FORMATS = ['pdf', 'html', 'md'] as const;
export type SiteDocumentFormat = (typeof SITE_DOCUMENT_FORMATS)[number];

/** Social networks a partner may link to; anything else is listed as `website`. */
export const SOCIAL_NETWORKS = [
  'website',
  'discord',
  'youtube',
  'twitch',
  'x',
  'instagram',
  'facebook',
  'tiktok',
  'github',
  'reddit',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** `?lang=` of the partners and company calls: one of the five languages, English when absent. */
export const siteLanguageQuery = z.object({ lang: z.enum(LANGUAGES).default('en') });

export const partnerSocialLink = z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.url() });

export const publicPartner = z.object({
  id: z.string(),
  name: z.string(),
  /** in the requested language, else English */
  description: z.string(),
  url: z.url(),
  social: z.array(partnerSocialLink),
});
export type PublicPartner = z.infer<typeof publicPartner>;

export const partnersAnswer = z.object({ partners: z.array(publicPartner) });
export type PartnersAnswer = z.infer<typeof partnersAnswer>;

export const siteDocumentEntry = z.object({
  id: z.enum(SITE_DOCUMENTS),
  /** the language of the file served: the requested one, or English when it has no file of its own */
  language: z.enum(LANGUAGES),
  format: z.enum(SITE_DOCUMENT_FORMATS),
  /** where to download it: `/api/public/site/documents/{requested language}/{id}` */
  url: z.string(),
});
export type SiteDocumentEntry = z.infer<typeof siteDocumentEntry>;

export const companyAnswer = z.object({
  name: z.string(),
  addressLines: z.array(z.string()),
  /** the company registration number (IČO) */
  companyId: z.string(),
  email: z.string(),
  web: z.string().nullable(),
  /**
   * always false: the provider is a Czech company that is not a VAT payer (product.md
   * "What the product does")
   */
  vatPayer: z.literal(false),
  /** the documents available in the requested language (or English), in SITE_DOCUMENTS order */
  documents: z.array(siteDocumentEntry),
});
export type CompanyAnswer = z.infer<typeof companyAnswer>;

/**
 * Initials of a partner's name for its badge (our own drawing, no third-party logo), drawn alike by the
 * React card and the server-rendered /partners: "Blockwerk Builders" -> "BB".
 */
export function partnerInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/** The host of an address, for a short link text ("blockwerk.example"); the address itself when unparsable. */
export function linkHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
