/** The one percent format (issue 30): number and sign never split across lines, in every language. */
import { expect, it } from 'vitest';
import { formattersFor } from '@/lib/format';

it.each([
  ['en', 5, '5\u00a0%'],
  ['cs', 1.8, '2\u00a0%'],
  ['de', 12, '12\u00a0%'],
  ['fr', 5, '5\u00a0%'],
  ['sk', 100, '100\u00a0%'],
])('%s: %d -> a non-breaking space before the sign', (language, value, shown) => {
  expect(formattersFor(language).percent(value)).toBe(shown);
});

it('decimals when asked, in the language', () => {
  expect(formattersFor('cs').percent(1.8, 1)).toBe('1,8\u00a0%');
  expect(formattersFor('en').percent(1.8, 1)).toBe('1.8\u00a0%');
});
