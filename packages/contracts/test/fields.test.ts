import { describe, expect, it } from 'vitest';
import { PERSON_NAME_PATTERN, SERVER_NAME_PATTERN, USERNAME_PATTERN } from '../src/fields';
import { packageByCreditsBody } from '../src/store';

describe('field rules (product.md "Validation rules")', () => {
  it('server names: letters of any language, digits, underscore, dot, hyphen and space', () => {
    for (const ok of ['My server', 'Můj server 2', 'Spiel-Welt_1.20', 'Élan', 'a']) {
      expect(SERVER_NAME_PATTERN.test(ok), ok).toBe(true);
    }
    for (const bad of ['', 'bad/name', 'semi;colon', 'emoji 🎮', 'x'.repeat(51), 'tab\there']) {
      expect(SERVER_NAME_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it('package-by-credits names a missing and a bad server name differently', () => {
    const base = { packageId: 1, eggId: 2, locationId: 3 };
    const missing = packageByCreditsBody.safeParse({ ...base, serverName: '  ' });
    expect(missing.error?.issues[0]?.message).toBe('server-name-missing');
    const bad = packageByCreditsBody.safeParse({ ...base, serverName: 'bad/name' });
    expect(bad.error?.issues[0]?.message).toBe('server-name');
    expect(
      packageByCreditsBody.parse({ ...base, serverName: ' Můj server ', addonIds: '[4]' }),
    ).toMatchObject({
      serverName: 'Můj server',
      addonIds: [4],
    });
  });

  it('usernames and person names', () => {
    expect(USERNAME_PATTERN.test('eva_tester')).toBe(true);
    expect(USERNAME_PATTERN.test('eva tester')).toBe(false);
    expect(USERNAME_PATTERN.test('ev')).toBe(false);
    expect(PERSON_NAME_PATTERN.test('Šárka')).toBe(true);
    expect(PERSON_NAME_PATTERN.test("O'Neil-Smith")).toBe(true);
    expect(PERSON_NAME_PATTERN.test('Eva 2')).toBe(false);
  });
});
