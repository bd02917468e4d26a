/**
 * The page's first use (lib/first-use.ts), which loads the captcha: a click the start script kept before
 * React listened counts (the cookie notice accepted at once left /password's captcha waiting for another).
 */
import { expect, test } from 'vitest';
import { firstUse } from '@/lib/first-use';

test('a click kept by the start script before React listened is the first use', async () => {
  Object.assign(window, {
    __fhEarly: { clicks: [document.createElement('button')], submits: [], react: true },
  });
  await expect(firstUse()).resolves.toBeUndefined();
});
