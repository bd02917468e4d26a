/**
 * Every string the screens and mails show exists in all five languages (issue 2, "All five languages
 * complete"): the same keys as English, no empty text, the same {{placeholders}}, and for plural
 * messages every plural form the language has (Intl.PluralRules: cs and sk need one, few, many, other).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@falkenhost/contracts/constants';
import { describe, expect, it } from 'vitest';

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/** key -> text, and plural bases -> the forms present */
function read(file: string) {
  const all = flatten(JSON.parse(readFileSync(file, 'utf8')));
  const plain = new Map<string, string>();
  const plurals = new Map<string, Map<string, string>>();
  for (const [key, text] of all) {
    const match = key.match(PLURAL);
    if (!match) plain.set(key, text);
    else {
      const base = key.slice(0, -match[0].length);
      const forms = plurals.get(base) ?? new Map<string, string>();
      forms.set(match[1] as string, text);
      plurals.set(base, forms);
    }
  }
  return { plain, plurals };
}

function checkComplete(files: (language: string) => string) {
  const english = read(files('en'));
  expect(english.plain.size + english.plurals.size).toBeGreaterThan(0);
  for (const language of LANGUAGES) {
    const other = read(files(language));
    expect([...other.plain.keys()].sort(), `${language}: keys`).toEqual([...english.plain.keys()].sort());
    expect([...other.plurals.keys()].sort(), `${language}: plural keys`).toEqual(
      [...english.plurals.keys()].sort(),
    );
    for (const [key, text] of other.plain) {
      expect(text.trim(), `${language}: ${key} is empty`).not.toBe('');
      expect(placeholders(text), `${language}: ${key} placeholders`).toEqual(
        placeholders(english.plain.get(key) as string),
      );
    }
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [base, forms] of other.plurals) {
      for (const category of categories) {
        expect(forms.get(category)?.trim(), `${language}: ${base}_${category}`).toBeTruthy();
        expect(placeholders(forms.get(category) as string), `${language}: ${base}_${category}`).toEqual(
          placeholders(english.plurals.get(base)?.get('other') as string),
        );
      }
    }
  }
}

// Both apps' namespaces: the client's, and the server's mail, invoice and seo (packages/locales).
const locales = join(import.meta.dirname, '../../../packages/locales');
const namespaces = readdirSync(join(locales, 'en')).filter((f) => f.endsWith('.json'));

describe('translations', () => {
  it('has every namespace in every language', () => {
    expect(namespaces).toEqual(
      expect.arrayContaining(['common.json', 'mail.json', 'invoice.json', 'seo.json']),
    );
    for (const language of LANGUAGES) {
      expect(readdirSync(join(locales, language)).sort(), language).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)('%s is complete in all five languages', (namespace) => {
    checkComplete((language) => join(locales, language, namespace));
  });
});
