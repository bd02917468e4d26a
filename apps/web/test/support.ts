/** Steps the web client's message tests share: answers as the api-client hands them, and translations. */
import { createInstance, type i18n as I18n } from 'i18next';
import { expect } from 'vitest';
import type { Answer } from '../../api/test/harness';
import type { ApiResult } from '../src/lib/api-client';

/** A product answer as the web client's api-client hands it to the screens. */
export function apiResult(answer: Answer): ApiResult<unknown> {
  const ok = answer.status >= 200 && answer.status < 300;
  return {
    status: answer.status,
    ok,
    data: ok ? answer.body : undefined,
    error: ok ? undefined : (answer.body as ApiResult<unknown>['error']),
  };
}

/** The five languages' texts of one namespace, without fallback (a missing key shows as the key). */
export async function translations(
  ns: string,
  byLanguage: Record<'en' | 'cs' | 'sk' | 'de' | 'fr', object>,
): Promise<I18n> {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    resources: Object.fromEntries(Object.entries(byLanguage).map(([lng, texts]) => [lng, { [ns]: texts }])),
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/**
 * The key's English text is `english`, and every other language has its own, translated text.
 * @returns the English text
 */
export function expectTranslated(
  i18n: I18n,
  ns: string,
  key: string,
  english: string | RegExp,
  values: Record<string, string> = {},
): string {
  const text = i18n.t(key, { ns, lng: 'en', ...values });
  if (typeof english === 'string') expect(text).toBe(english);
  else expect(text).toMatch(english);
  for (const lng of ['cs', 'sk', 'de', 'fr']) {
    const translated = i18n.t(key, { ns, lng, ...values });
    expect(translated, `${lng} ${key}`).not.toBe('');
    expect(translated, `${lng} ${key}`).not.toBe(key);
    expect(translated, `${lng} ${key}`).not.toBe(text);
  }
  return text;
}
