/**
 * The public site's partners and documents from SITE_CONTENT_DIR, read once at start-up; only whitelisted
 * names reach the file system (docs/decisions/086-site-content-files.md; layout in docs/operations.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@falkenhost/contracts/constants';
import {
  type CompanyAnswer,
  type PartnersAnswer,
  type PublicPartner,
  SITE_DOCUMENT_FORMATS,
  SITE_DOCUMENTS,
  type SiteDocument,
  type SiteDocumentEntry,
  type SiteDocumentFormat,
  SOCIAL_NETWORKS,
} from '@falkenhost/contracts/site';
import { z } from 'zod';
import type { Supplier } from './config';

export const MAX_PARTNERS = 12;

const text = z.string().trim().min(1);
const partnersFile = z.object({
  partners: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'lowercase letters, digits and hyphens'),
        name: text.max(80),
        description: z.strictObject({
          en: text.max(400),
          cs: text.max(400).optional(),
          sk: text.max(400).optional(),
          de: text.max(400).optional(),
          fr: text.max(400).optional(),
        }),
        url: z.url({ protocol: /^https?$/ }),
        social: z
          .array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: z.url({ protocol: /^https?$/ }) }))
          .max(8)
          .default([]),
      }),
    )
    .max(MAX_PARTNERS),
});
type PartnerEntry = z.infer<typeof partnersFile>['partners'][number];

export const DOCUMENT_CONTENT_TYPES: Record<SiteDocumentFormat, string> = {
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

export interface DocumentFile {
  id: SiteDocument;
  language: Language;
  format: SiteDocumentFormat;
  path: string;
}

export interface SiteContent {
  /** the partners with descriptions in `language`, else English */
  partners(language: Language): PublicPartner[];
  /** the documents offered in `language` (or English), with their download paths */
  documents(language: Language): SiteDocumentEntry[];
  /** the file of `document` in `language` or English; null for a name outside the whitelists or no file */
  documentFile(language: string, document: string): DocumentFile | null;
  /** the file's bytes; null when it has gone since start-up */
  read(file: DocumentFile): Promise<Buffer | null>;
}

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);
const isDocument = (value: string): value is SiteDocument =>
  (SITE_DOCUMENTS as readonly string[]).includes(value);

/** An empty site (production without SITE_CONTENT_DIR). */
const EMPTY: SiteContent = {
  partners: () => [],
  documents: () => [],
  documentFile: () => null,
  read: async () => null,
};

/** @param dir SITE_CONTENT_DIR, or null. @throws Error naming partners.json's faulty entries */
export function loadSiteContent(dir: string | null): SiteContent {
  if (dir === null) return EMPTY;
  const partners = readPartners(join(dir, 'partners.json'));
  const files = new Map<string, DocumentFile>();
  for (const language of LANGUAGES) {
    const folder = join(dir, 'documents', language);
    if (!existsSync(folder)) continue;
    const names = new Set(readdirSync(folder));
    for (const id of SITE_DOCUMENTS) {
      const format = SITE_DOCUMENT_FORMATS.find((f) => names.has(`${id}.${f}`));
      if (format)
        files.set(`${language}/${id}`, { id, language, format, path: join(folder, `${id}.${format}`) });
    }
  }

  const find = (language: Language, id: SiteDocument) =>
    files.get(`${language}/${id}`) ?? files.get(`en/${id}`) ?? null;

  return {
    partners: (language) =>
      partners.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description[language] ?? p.description.en,
        url: p.url,
        social: p.social,
      })),
    documents: (language) =>
      SITE_DOCUMENTS.flatMap((id) => {
        const file = find(language, id);
        return file
          ? [
              {
                id,
                language: file.language,
                format: file.format,
                url: `/api/public/site/documents/${language}/${id}`,
              },
            ]
          : [];
      }),
    documentFile: (language, document) =>
      isLanguage(language) && isDocument(document) ? find(language, document) : null,
    read: (file) => readFile(file.path).catch(() => null),
  };
}

function readPartners(file: string): PartnerEntry[] {
  if (!existsSync(file)) return [];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Invalid site content: ${file} is not valid JSON (${(error as Error).message})`);
  }
  const parsed = partnersFile.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid site content: ${file}\n${lines.join('\n')}`);
  }
  return parsed.data.partners;
}

/** `GET /api/public/site/partners?lang=` (and /partners): descriptions in `language`, else English. */
export function publicPartners(site: SiteContent, language: Language): PartnersAnswer {
  return { partners: site.partners(language) };
}

/** `GET /api/public/site/company?lang=`: the invoices' seller and the documents offered in `language`. */
export function publicCompany(site: SiteContent, supplier: Supplier, language: Language): CompanyAnswer {
  return {
    name: supplier.name,
    addressLines: supplier.addressLines,
    companyId: supplier.companyId,
    email: supplier.email,
    web: supplier.web ?? null,
    vatPayer: false,
    documents: site.documents(language),
  };
}
