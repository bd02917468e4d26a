/**
 * Catalogue names in the customer's language (docs/decisions/242-catalogue-name-translations.md): an
 * add-on's or a panel location's own name is the English one; `catalogue_names` holds its name in other
 * languages, and the customer's answers use it when there is one.
 */
import type { CatalogueTranslations } from '@falkenhost/contracts/admin';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

/** What a name belongs to: an add-on by id, a panel location by its short code. */
export type NameSubject = `addon:${number}` | `location:${string}`;

/**
 * A subject's names in the languages other than English (a missing language keeps the own name), and for a
 * location staff's English name in place of the panel's.
 */
export type TranslatedNames = CatalogueTranslations & { en?: string };

/** The names in `language` by subject (in English only locations named by staff have one). */
async function namesIn(db: Kysely<Database>, language: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('catalogue_names')
    .select(['subject', 'name'])
    .where('language', '=', language)
    .execute();
  return new Map(rows.map((r) => [r.subject, r.name]));
}

/**
 * `addons` with each `name` in `language` where the add-on has one (product.md "Screens and routes": option
 * text, server details).
 */
export async function addonsInLanguage<T extends { id: number; name: string }>(
  db: Kysely<Database>,
  language: string,
  addons: T[],
): Promise<T[]> {
  const names = await namesIn(db, language);
  return addons.map((a) => ({ ...a, name: names.get(`addon:${a.id}`) ?? a.name }));
}

/**
 * `locations` with each `name` in `language` where the location (by panel short `code`) has one; a
 * language without one shows staff's English name, else the panel's.
 */
export async function locationsInLanguage<T extends { code: string; name: string }>(
  db: Kysely<Database>,
  language: string,
  locations: T[],
): Promise<T[]> {
  const [names, english] = await Promise.all([namesIn(db, language), namesIn(db, 'en')]);
  return locations.map((l) => {
    const subject = `location:${l.code}`;
    return { ...l, name: names.get(subject) ?? english.get(subject) ?? l.name };
  });
}

/** The names each of `subjects` has in the other languages (an empty object for one without any). */
export async function namesOf(
  db: Kysely<Database> | Transaction<Database>,
  subjects: NameSubject[],
): Promise<Map<NameSubject, TranslatedNames>> {
  const names = new Map<NameSubject, TranslatedNames>(subjects.map((subject) => [subject, {}]));
  if (subjects.length === 0) return names;
  const rows = await db
    .selectFrom('catalogue_names')
    .select(['subject', 'language', 'name'])
    .where('subject', 'in', subjects)
    .orderBy('language')
    .execute();
  for (const row of rows) {
    const own = names.get(row.subject as NameSubject);
    if (own) own[row.language as keyof TranslatedNames] = row.name;
  }
  return names;
}

/** Sets `subject`'s names (replacing the ones it had) inside `trx`. */
export async function writeNames(
  trx: Transaction<Database>,
  subject: NameSubject,
  names: TranslatedNames,
): Promise<void> {
  await dropNames(trx, subject);
  const rows = Object.entries(names)
    .filter((entry): entry is [string, string] => !!entry[1])
    .map(([language, name]) => ({ subject, language, name }));
  if (rows.length) await trx.insertInto('catalogue_names').values(rows).execute();
}

/** Removes `subject`'s names: a renamed add-on's old translations no longer say what it is. */
export async function dropNames(trx: Transaction<Database>, subject: NameSubject): Promise<void> {
  await trx.deleteFrom('catalogue_names').where('subject', '=', subject).execute();
}
